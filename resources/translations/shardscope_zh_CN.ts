<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>ChartText</name>
    <message>
        <source>%1 bytes</source>
        <translation>%1 字节</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>= %1</source>
        <translation>= %1</translation>
    </message>
    <message>
        <source>%1 parameters (GPT shape)</source>
        <translation>%1 个参数（GPT 结构）</translation>
    </message>
    <message>
        <source>N = %1 x %2 (%3 per node)</source>
        <translation>N = %1 x %2（每节点 %3 个）</translation>
    </message>
    <message>
        <source>recipe %1</source>
        <translation>精度方案 %1</translation>
    </message>
    <message>
        <source>micro-batch %1 x %2 tokens</source>
        <translation>微批次 %1 x %2 个 token</translation>
    </message>
    <message>
        <source>%1 checkpointing</source>
        <translation>激活检查点：%1</translation>
    </message>
    <message>
        <source>optimizer offload to %1</source>
        <translation>优化器卸载到 %1</translation>
    </message>
    <message>
        <source>parameter offload to %1</source>
        <translation>参数卸载到 %1</translation>
    </message>
    <message>
        <source>Step timeline of the worst rank</source>
        <translation>最差 rank 的训练步时间线</translation>
    </message>
    <message>
        <source>Per-GPU memory</source>
        <translation>每 GPU 显存</translation>
    </message>
    <message>
        <source>Per-GPU memory vs N GPUs</source>
        <translation>每 GPU 显存随 GPU 数 N 的变化</translation>
    </message>
    <message>
        <source>Host RAM and NVMe per node</source>
        <translation>每节点主机内存和 NVMe</translation>
    </message>
    <message>
        <source>Step timeline</source>
        <translation>训练步时间线</translation>
    </message>
    <message>
        <source>Pipeline schedule</source>
        <translation>流水线调度</translation>
    </message>
    <message>
        <source>Memory of the worst rank over one step</source>
        <translation>最差 rank 在一个训练步内的显存</translation>
    </message>
    <message>
        <source>ZeRO stages 0-3 compared</source>
        <translation>ZeRO 阶段 0-3 对比</translation>
    </message>
    <message>
        <source>Compare: pinned A vs current B</source>
        <translation>对比：固定的 A 与当前的 B</translation>
    </message>
    <message>
        <source>Worst rank of A and B by term</source>
        <translation>A 和 B 最差 rank 的各项构成</translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation>场景</translation>
    </message>
    <message>
        <source>Memory per GPU (%1)</source>
        <translation>每 GPU 显存（%1）</translation>
    </message>
    <message>
        <source>A: %1
B: %2
%3</source>
        <translation>A：%1
B：%2
%3</translation>
    </message>
    <message>
        <source>Export %1</source>
        <translation>导出 %1</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
    <message>
        <source>Export chart as PNG...</source>
        <translation>将图表导出为 PNG...</translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <source>Export chart as SVG...</source>
        <translation>将图表导出为 SVG...</translation>
    </message>
    <message>
        <source>SVG image (*.svg)</source>
        <translation>SVG 图像 (*.svg)</translation>
    </message>
    <message>
        <source>Export chart as PDF...</source>
        <translation>将图表导出为 PDF...</translation>
    </message>
    <message>
        <source>PDF document (*.pdf)</source>
        <translation>PDF 文档 (*.pdf)</translation>
    </message>
    <message>
        <source>Export data as CSV...</source>
        <translation>将数据导出为 CSV...</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <source>Export data as JSON...</source>
        <translation>将数据导出为 JSON...</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <source>Copy chart</source>
        <translation>复制图表</translation>
    </message>
</context>
<context>
    <name>shardscope::CompareWidget</name>
    <message>
        <source>recipe</source>
        <translation>精度方案</translation>
    </message>
    <message>
        <source>optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>checkpointing</source>
        <translation>激活检查点</translation>
    </message>
    <message>
        <source>offload optimizer</source>
        <translation>卸载优化器</translation>
    </message>
    <message>
        <source>offload params</source>
        <translation>卸载参数</translation>
    </message>
    <message>
        <source>micro-batch</source>
        <translation>微批次</translation>
    </message>
    <message>
        <source>seq</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <source>accumulation</source>
        <translation>梯度累积</translation>
    </message>
    <message>
        <source>sequence parallel on</source>
        <translation>序列并行开启</translation>
    </message>
    <message>
        <source>sequence parallel off</source>
        <translation>序列并行关闭</translation>
    </message>
    <message>
        <source>FlashAttention on</source>
        <translation>FlashAttention 开启</translation>
    </message>
    <message>
        <source>FlashAttention off</source>
        <translation>FlashAttention 关闭</translation>
    </message>
    <message>
        <source>terms switched</source>
        <translation>已切换项</translation>
    </message>
    <message>
        <source>%1 %2 -&gt; %3 per GPU</source>
        <translation>%1 %2 -&gt; %3（每 GPU）</translation>
    </message>
    <message>
        <source>total %1 -&gt; %2</source>
        <translation>合计 %1 -&gt; %2</translation>
    </message>
    <message>
        <source>DP traffic x%1</source>
        <translation>DP 通信量 x%1</translation>
    </message>
    <message>
        <source>no change</source>
        <translation>无变化</translation>
    </message>
    <message>
        <source>Capacity</source>
        <translation>容量</translation>
    </message>
    <message>
        <source>A (pinned), worst rank</source>
        <translation>A（已固定），最差 rank</translation>
    </message>
    <message>
        <source>B (current), worst rank</source>
        <translation>B（当前），最差 rank</translation>
    </message>
    <message>
        <source>Memory per GPU (%1)</source>
        <translation>每 GPU 显存（%1）</translation>
    </message>
    <message>
        <source>Term (worst rank)</source>
        <translation>项（最差 rank）</translation>
    </message>
    <message>
        <source>A (%1)</source>
        <translation>A（%1）</translation>
    </message>
    <message>
        <source>B (%1)</source>
        <translation>B（%1）</translation>
    </message>
    <message>
        <source>B - A (%1)</source>
        <translation>B - A（%1）</translation>
    </message>
    <message>
        <source>A is pinned: change the scenario to compare.</source>
        <translation>A 已固定：修改场景即可对比。</translation>
    </message>
    <message>
        <source>Pin a scenario as A to compare.</source>
        <translation>将一个场景固定为 A 以进行对比。</translation>
    </message>
    <message>
        <source>total</source>
        <translation>合计</translation>
    </message>
    <message>
        <source>fits (capacity %1 / %2)</source>
        <translation>是否放得下（容量 %1 / %2）</translation>
    </message>
    <message>
        <source>✔ fits</source>
        <translation>✔ 放得下</translation>
    </message>
    <message>
        <source>✖ does not fit</source>
        <translation>✖ 放不下</translation>
    </message>
    <message>
        <source>step time (s)</source>
        <translation>训练步时间（秒）</translation>
    </message>
    <message>
        <source>MFU (%)</source>
        <translation>MFU（%）</translation>
    </message>
    <message>
        <source>bytes on the wire per GPU per step (%1)</source>
        <translation>每 GPU 每步的网络传输量（%1）</translation>
    </message>
    <message>
        <source>Worst rank of A (pinned) and B (current) by term</source>
        <translation>A（已固定）和 B（当前）最差 rank 的各项构成</translation>
    </message>
</context>
<context>
    <name>shardscope::GlossaryPanel</name>
    <message>
        <source>Term</source>
        <translation>术语</translation>
    </message>
    <message>
        <source>What people say</source>
        <translation>通俗说法</translation>
    </message>
    <message>
        <source>What it means</source>
        <translation>实际含义</translation>
    </message>
    <message>
        <source>Glossary (F1): %1</source>
        <translation>术语表（F1）：%1</translation>
    </message>
</context>
<context>
    <name>shardscope::HostMemoryChart</name>
    <message>
        <source>Needed per node</source>
        <translation>每节点所需</translation>
    </message>
    <message>
        <source>Available per node</source>
        <translation>每节点可用</translation>
    </message>
    <message>
        <source>Per node (%1)</source>
        <translation>每节点（%1）</translation>
    </message>
    <message>
        <source>Host RAM</source>
        <translation>主机内存</translation>
    </message>
    <message>
        <source>NVMe</source>
        <translation>NVMe</translation>
    </message>
    <message>
        <source>Host RAM and NVMe per node</source>
        <translation>每节点主机内存和 NVMe</translation>
    </message>
    <message>
        <source>Host RAM per node</source>
        <translation>每节点主机内存</translation>
    </message>
    <message>
        <source>No offload: nothing held for training states</source>
        <translation>无卸载：不为训练状态占用任何空间</translation>
    </message>
    <message>
        <source>%1 GPUs per node: RAM %2 of %3</source>
        <translation>每节点 %1 个 GPU：内存 %2 / %3</translation>
    </message>
    <message>
        <source>NVMe %1 of %2</source>
        <translation>NVMe %1 / %2</translation>
    </message>
    <message>
        <source>Does not fit</source>
        <translation>放不下</translation>
    </message>
    <message>
        <source>NVMe per node</source>
        <translation>每节点 NVMe</translation>
    </message>
    <message>
        <source>needed by the offloaded states of %1 GPUs</source>
        <translation>%1 个 GPU 卸载的状态所需</translation>
    </message>
    <message>
        <source>available (the node&apos;s capacity in the scenario)</source>
        <translation>可用（场景中节点的容量）</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1，%2</translation>
    </message>
</context>
<context>
    <name>shardscope::Lecture</name>
    <message>
        <source>Tour</source>
        <translation>导览</translation>
    </message>
    <message>
        <source>Glossary</source>
        <translation>术语表</translation>
    </message>
    <message>
        <source>Open &amp;Tour…</source>
        <translation>打开导览(&amp;T)…</translation>
    </message>
    <message>
        <source>&amp;Tour</source>
        <translation>导览(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Next Step</source>
        <translation>下一步(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Previous Step</source>
        <translation>上一步(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Presentation</source>
        <translation>演示模式(&amp;P)</translation>
    </message>
    <message>
        <source>Full screen, large type, projector colours; Esc leaves</source>
        <translation>全屏、大字号、适合投影仪的配色；按 Esc 退出</translation>
    </message>
    <message>
        <source>&amp;Glossary</source>
        <translation>术语表(&amp;G)</translation>
    </message>
    <message>
        <source>&amp;Tour Panel</source>
        <translation>导览面板(&amp;T)</translation>
    </message>
    <message>
        <source>Glossary for the Control Under the Mouse</source>
        <translation>鼠标所指控件的术语解释</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>System (%1)</source>
        <translation>跟随系统（%1）</translation>
    </message>
    <message>
        <source>Open Tour</source>
        <translation>打开导览</translation>
    </message>
    <message>
        <source>ShardScope tours (*.tour.json *.json);;All files (*)</source>
        <translation>ShardScope 导览 (*.tour.json *.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Cannot open %1</source>
        <translation>无法打开 %1</translation>
    </message>
</context>
<context>
    <name>shardscope::MainWindow</name>
    <message>
        <source>Scenario</source>
        <translation>场景</translation>
    </message>
    <message>
        <source>Messages</source>
        <translation>消息</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>训练步</translation>
    </message>
    <message>
        <source>Pin current as A</source>
        <translation>将当前场景固定为 A</translation>
    </message>
    <message>
        <source>Keep the scenario shown now as A; B follows the controls.</source>
        <translation>把当前显示的场景保留为 A；B 跟随控件变化。</translation>
    </message>
    <message>
        <source>Unpin A</source>
        <translation>取消固定 A</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>对比</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>Display</source>
        <translation>显示</translation>
    </message>
    <message>
        <source> Units: </source>
        <translation> 单位：</translation>
    </message>
    <message>
        <source>GB (10^9 bytes)</source>
        <translation>GB（10^9 字节）</translation>
    </message>
    <message>
        <source>GiB (2^30 bytes)</source>
        <translation>GiB（2^30 字节）</translation>
    </message>
    <message>
        <source>Pin as A</source>
        <translation>固定为 A</translation>
    </message>
    <message>
        <source>Compare: keep the current scenario as A and show A vs B</source>
        <translation>对比：把当前场景保留为 A，并显示 A 与 B</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;New</source>
        <translation>新建(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Open Scenario…</source>
        <translation>打开场景(&amp;O)…</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>Cannot save</source>
        <translation>无法保存</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Import</source>
        <translation>导入(&amp;I)</translation>
    </message>
    <message>
        <source>&amp;Hugging Face config.json…</source>
        <translation>&amp;Hugging Face config.json…</translation>
    </message>
    <message>
        <source>&amp;DeepSpeed config…</source>
        <translation>&amp;DeepSpeed 配置…</translation>
    </message>
    <message>
        <source>accelerate &amp;FSDP YAML…</source>
        <translation>accelerate &amp;FSDP YAML…</translation>
    </message>
    <message>
        <source>&amp;Megatron Arguments…</source>
        <translation>&amp;Megatron 参数…</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>导出(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Chart…</source>
        <translation>图表(&amp;C)…</translation>
    </message>
    <message>
        <source>&amp;Bundle…</source>
        <translation>打包(&amp;B)…</translation>
    </message>
    <message>
        <source>C&amp;opy Chart to Clipboard</source>
        <translation>复制图表到剪贴板(&amp;O)</translation>
    </message>
    <message>
        <source>Per-GPU memory</source>
        <translation>每 GPU 显存</translation>
    </message>
    <message>
        <source>Per-GPU memory vs N</source>
        <translation>每 GPU 显存随 N 的变化</translation>
    </message>
    <message>
        <source>Host memory</source>
        <translation>主机内存</translation>
    </message>
    <message>
        <source>&amp;Reset to Default Scenario</source>
        <translation>重置为默认场景(&amp;R)</translation>
    </message>
    <message>
        <source>Llama-2-70B on 32 x A100 80GB, ZeRO-3 (keeps the file name)</source>
        <translation>Llama-2-70B，32 x A100 80GB，ZeRO-3（保留文件名）</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>Untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <source>Open Scenario</source>
        <translation>打开场景</translation>
    </message>
    <message>
        <source>Cannot open %1</source>
        <translation>无法打开 %1</translation>
    </message>
    <message>
        <source>Save Scenario As</source>
        <translation>场景另存为</translation>
    </message>
    <message>
        <source>Import Megatron-LM Arguments</source>
        <translation>导入 Megatron-LM 参数</translation>
    </message>
    <message>
        <source>Arguments, as given to pretrain_gpt.py (or a whole torchrun line).
What they omit keeps Megatron&apos;s defaults; the model comes from --num-layers, --hidden-size, ...</source>
        <translation>与传给 pretrain_gpt.py 的参数相同（或整行 torchrun 命令）。
未给出的取 Megatron 默认值；模型由 --num-layers、--hidden-size 等决定……</translation>
    </message>
    <message>
        <source>Import %1</source>
        <translation>导入 %1</translation>
    </message>
    <message>
        <source>Cannot import the %1</source>
        <translation>无法导入 %1</translation>
    </message>
    <message>
        <source>Export Chart</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
    <message>
        <source>Export Bundle to Folder</source>
        <translation>打包导出到文件夹</translation>
    </message>
    <message>
        <source>Removed from Open Recent (the files no longer exist):</source>
        <translation>已从最近打开中移除（文件已不存在）：</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>Clear List</source>
        <translation>清空列表</translation>
    </message>
    <message>
        <source>Peers</source>
        <translation>同类工具</translation>
    </message>
    <message>
        <source>Run it for real</source>
        <translation>实际运行</translation>
    </message>
    <message>
        <source>Compare: pin a scenario as A first (Compare tab, Pin current as A).</source>
        <translation>对比：请先将一个场景固定为 A（“对比”标签页，“将当前固定为 A”）。</translation>
    </message>
</context>
<context>
    <name>shardscope::MemoryPerGpuChart</name>
    <message>
        <source>Log scale</source>
        <translation>对数刻度</translation>
    </message>
    <message>
        <source>Capacity</source>
        <translation>容量</translation>
    </message>
    <message>
        <source>Per-GPU memory by term</source>
        <translation>每 GPU 显存的各项构成</translation>
    </message>
    <message>
        <source>Comparing ZeRO stages: a logarithmic memory axis, so that a small ZeRO-3 bar stays readable beside DDP&apos;s. Each bar&apos;s top is its total.</source>
        <translation>对比 ZeRO 阶段：显存轴使用对数刻度，使较小的 ZeRO-3 柱在 DDP 柱旁边依然清晰可读。每根柱的顶端是其合计。</translation>
    </message>
    <message>
        <source>%1, GPU %2</source>
        <translation>%1，GPU %2</translation>
    </message>
    <message>
        <source>ZeRO-%1 (current)</source>
        <translation>ZeRO-%1（当前）</translation>
    </message>
    <message>
        <source>worst (%1)</source>
        <translation>最差（%1）</translation>
    </message>
    <message>
        <source>Memory per GPU (%1)</source>
        <translation>每 GPU 显存（%1）</translation>
    </message>
    <message>
        <source>headroom %1</source>
        <translation>余量 %1</translation>
    </message>
    <message>
        <source>%1 over</source>
        <translation>超出 %1</translation>
    </message>
    <message>
        <source>%1: %2 usable</source>
        <translation>%1：可用 %2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Per-GPU memory by term, per pipeline stage</source>
        <translation>每 GPU 显存的各项构成，按流水线阶段</translation>
    </message>
    <message>
        <source>ZeRO stages 0-3 at the current N (log scale)</source>
        <translation>当前 N 下的 ZeRO 阶段 0-3（对数刻度）</translation>
    </message>
    <message>
        <source>ZeRO stages 0-3 at the current N</source>
        <translation>当前 N 下的 ZeRO 阶段 0-3</translation>
    </message>
</context>
<context>
    <name>shardscope::MemoryVsGpusChart</name>
    <message>
        <source>N GPUs (log scale)</source>
        <translation>GPU 数 N（对数刻度）</translation>
    </message>
    <message>
        <source>smallest N, ZeRO-%1</source>
        <translation>最小 N，ZeRO-%1</translation>
    </message>
    <message>
        <source>Capacity</source>
        <translation>容量</translation>
    </message>
    <message>
        <source>Current N</source>
        <translation>当前 N</translation>
    </message>
    <message>
        <source>Worst-rank memory per GPU (%1)</source>
        <translation>最差 rank 的每 GPU 显存（%1）</translation>
    </message>
    <message>
        <source>ZeRO-%1: never fits</source>
        <translation>ZeRO-%1：任何 N 都放不下</translation>
    </message>
    <message>
        <source>ZeRO-%1: no answer</source>
        <translation>ZeRO-%1：无结果</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>ZeRO-%1 at N = %2, worst rank (%3): %4</source>
        <translation>ZeRO-%1，N = %2，最差 rank（%3）：%4</translation>
    </message>
    <message>
        <source>fits in %1</source>
        <translation>放得进 %1</translation>
    </message>
    <message>
        <source>does not fit in %1</source>
        <translation>放不进 %1</translation>
    </message>
    <message>
        <source>ZeRO-%1, N = %2</source>
        <translation>ZeRO-%1，N = %2</translation>
    </message>
    <message>
        <source>ZeRO-%1 at N = %2: no answer (%3)</source>
        <translation>ZeRO-%1，N = %2：无结果（%3）</translation>
    </message>
    <message>
        <source>ZeRO-%1: smallest N that fits is %2 (worst rank %3)</source>
        <translation>ZeRO-%1：放得下的最小 N 为 %2（最差 rank %3）</translation>
    </message>
    <message>
        <source>In whole nodes of %1 GPUs: %2</source>
        <translation>按每节点 %1 个 GPU 的整节点计：%2</translation>
    </message>
    <message>
        <source>Memory per GPU vs N (thick = current stage, ● = smallest N)</source>
        <translation>每 GPU 显存随 N 的变化（粗线 = 当前阶段，● = 最小 N）</translation>
    </message>
</context>
<context>
    <name>shardscope::PresenterBar</name>
    <message>
        <source>ZeRO stage</source>
        <translation>ZeRO 阶段</translation>
    </message>
    <message>
        <source>GPUs (N)</source>
        <translation>GPU 数（N）</translation>
    </message>
    <message>
        <source>TP</source>
        <translation>TP</translation>
    </message>
    <message>
        <source>PP</source>
        <translation>PP</translation>
    </message>
    <message>
        <source>Micro-batches (m)</source>
        <translation>微批次数（m）</translation>
    </message>
    <message>
        <source>Checkpointing</source>
        <translation>激活检查点</translation>
    </message>
    <message>
        <source>Optimizer offload</source>
        <translation>优化器卸载</translation>
    </message>
    <message>
        <source>Schedule</source>
        <translation>调度</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>selective</source>
        <translation>选择性</translation>
    </message>
    <message>
        <source>full</source>
        <translation>完全</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>NVMe</source>
        <translation>NVMe</translation>
    </message>
    <message>
        <source>1F1B</source>
        <translation>1F1B</translation>
    </message>
    <message>
        <source>GPipe</source>
        <translation>GPipe</translation>
    </message>
    <message>
        <source>interleaved</source>
        <translation>交错式</translation>
    </message>
</context>
<context>
    <name>shardscope::RingView</name>
    <message>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>播放</translation>
    </message>
    <message>
        <source>Pause the hops</source>
        <translation>暂停传递</translation>
    </message>
    <message>
        <source>Play the collective hop by hop, slowly (one hop every %1 s)</source>
        <translation>逐跳慢速播放该集合通信（每 %1 秒一跳）</translation>
    </message>
    <message>
        <source> (reduce-scatter half)</source>
        <translation>（reduce-scatter 部分）</translation>
    </message>
    <message>
        <source> (all-gather half)</source>
        <translation>（all-gather 部分）</translation>
    </message>
    <message>
        <source>One collective: %1 on a ring of %2 GPUs · hop %3 of %4%5</source>
        <translation>单个集合通信：%2 个 GPU 组成的环上的 %1 · 第 %3 / %4 跳%5</translation>
    </message>
    <message>
        <source>Start: each GPU owns one chunk of the buffer.</source>
        <translation>开始：每个 GPU 拥有缓冲区的一个分块。</translation>
    </message>
    <message>
        <source>Start: each GPU holds all %1 chunks, each a partial (its own gradients).</source>
        <translation>开始：每个 GPU 持有全部 %1 个分块，每块都是部分和（它自己的梯度）。</translation>
    </message>
    <message>
        <source>End: each GPU owns one chunk, summed over all %1 GPUs.</source>
        <translation>结束：每个 GPU 拥有一个分块，已对全部 %1 个 GPU 求和。</translation>
    </message>
    <message>
        <source>End: every GPU holds all %1 chunks, fully reduced.</source>
        <translation>结束：每个 GPU 持有全部 %1 个分块，均已完全归约。</translation>
    </message>
    <message>
        <source>Each GPU sent one running sum to its right neighbour, which added its own partial.</source>
        <translation>每个 GPU 把一个累加和发送给右邻居，右邻居再加上自己的部分和。</translation>
    </message>
    <message>
        <source>Each GPU passed one reduced chunk on to its right neighbour, which keeps a copy.</source>
        <translation>每个 GPU 把一个已归约的分块传给右邻居，右邻居保留一份副本。</translation>
    </message>
    <message>
        <source>  ·  ] next hop, [ previous, or Play</source>
        <translation>  ·  ] 下一跳，[ 上一跳，或点击“播放”</translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation>GPU %1</translation>
    </message>
    <message>
        <source>partial sum (number = GPUs summed)</source>
        <translation>部分和（数字 = 已求和的 GPU 数）</translation>
    </message>
    <message>
        <source>Σ fully reduced chunk</source>
        <translation>Σ 完全归约的分块</translation>
    </message>
    <message>
        <source>not held</source>
        <translation>未持有</translation>
    </message>
    <message>
        <source>on an arrow: chunk sent in this hop (+ = added on arrival)</source>
        <translation>箭头上：本跳发送的分块（+ = 到达时相加）</translation>
    </message>
    <message>
        <source>Colour = which chunk of the buffer. Illustration: hops are stepped by hand or played slowly, not timed.</source>
        <translation>颜色 = 缓冲区的哪个分块。示意图：逐跳手动步进或慢速播放，不按真实时间。</translation>
    </message>
</context>
<context>
    <name>shardscope::StepTpView</name>
    <message>
        <source>Q, K, V</source>
        <translation>Q, K, V</translation>
    </message>
    <message>
        <source>attention out</source>
        <translation>注意力输出</translation>
    </message>
    <message>
        <source>MLP gate | up</source>
        <translation>MLP gate | up</translation>
    </message>
    <message>
        <source>MLP up</source>
        <translation>MLP up</translation>
    </message>
    <message>
        <source>MLP down</source>
        <translation>MLP down</translation>
    </message>
    <message>
        <source>Tensor parallelism: one layer&apos;s weights over TP = %1 GPUs</source>
        <translation>张量并行：一层的权重分布在 TP = %1 个 GPU 上</translation>
    </message>
    <message>
        <source>TP = 1: every GPU holds each layer&apos;s matrices whole</source>
        <translation>TP = 1：每个 GPU 完整持有每层的矩阵</translation>
    </message>
    <message>
        <source>Column-parallel matmuls need no communication; each row-parallel one ends in partial sums that the group adds up (TP traffic this step: %1 per GPU).</source>
        <translation>按列并行的矩阵乘无需通信；每个按行并行的矩阵乘得到部分和，由组内相加（本步 TP 通信量：每 GPU %1）。</translation>
    </message>
    <message>
        <source>Raise TP to split these matrices across GPUs of a node.</source>
        <translation>提高 TP 可将这些矩阵切分到节点内的多个 GPU 上。</translation>
    </message>
    <message>
        <source>%1 %2x%3 · %4</source>
        <translation>%1 %2x%3 · %4</translation>
    </message>
    <message>
        <source>by columns</source>
        <translation>按列</translation>
    </message>
    <message>
        <source>by rows</source>
        <translation>按行</translation>
    </message>
    <message>
        <source>GPU k holds %1</source>
        <translation>GPU k 持有 %1</translation>
    </message>
    <message>
        <source>of which Q: %1</source>
        <translation>其中 Q：%1</translation>
    </message>
    <message>
        <source>reduce-scatter (+ all-gather before the next)</source>
        <translation>reduce-scatter（+ 下一次之前的 all-gather）</translation>
    </message>
    <message>
        <source>all-reduce</source>
        <translation>all-reduce</translation>
    </message>
    <message>
        <source>then %1 of s·b·h = %2</source>
        <translation>然后对 s·b·h = %2 执行 %1</translation>
    </message>
</context>
<context>
    <name>shardscope::TourPanel</name>
    <message>
        <source>◀ Previous</source>
        <translation>◀ 上一步</translation>
    </message>
    <message>
        <source>Next ▶</source>
        <translation>下一步 ▶</translation>
    </message>
    <message>
        <source>End Tour</source>
        <translation>结束导览</translation>
    </message>
    <message>
        <source>Previous step (Left, Page Up)</source>
        <translation>上一步（左方向键、Page Up）</translation>
    </message>
    <message>
        <source>Next step (Right, Page Down)</source>
        <translation>下一步（右方向键、Page Down）</translation>
    </message>
    <message>
        <source>No tour is open. File &gt; Open Tour… or Tour &gt; a built-in tour.</source>
        <translation>尚未打开导览。文件 &gt; 打开导览…，或 导览 &gt; 选择内置导览。</translation>
    </message>
    <message>
        <source>Step %1 of %2</source>
        <translation>第 %1 步，共 %2 步</translation>
    </message>
    <message>
        <source>This step has no answer: %1</source>
        <translation>此步骤无法计算：%1</translation>
    </message>
</context>
</TS>
