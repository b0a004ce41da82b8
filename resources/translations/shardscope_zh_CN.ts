<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
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
        <source>Plan</source>
        <translation>规划</translation>
    </message>
</context>
<context>
    <name>shardscope::MemoryPage</name>
    <message>
        <source>Compare ZeRO stages</source>
        <translation>比较 ZeRO 阶段</translation>
    </message>
    <message>
        <source>Chart 1 shows one bar per ZeRO stage at the current N instead of one per rank.</source>
        <translation>图 1 在当前 N 下为每个 ZeRO 阶段显示一个柱，而不是每个 rank 一个。</translation>
    </message>
    <message>
        <source>Fits with:</source>
        <translation>可放下的方案：</translation>
    </message>
    <message>
        <source>Breakdown of the worst rank (%1)</source>
        <translation>最差 rank 的明细（%1）</translation>
    </message>
    <message>
        <source>TP %1</source>
        <translation>TP %1</translation>
    </message>
    <message>
        <source>PP %1</source>
        <translation>PP %1</translation>
    </message>
    <message>
        <source>ZeRO-%1</source>
        <translation>ZeRO-%1</translation>
    </message>
    <message>
        <source>offload</source>
        <translation>卸载</translation>
    </message>
    <message>
        <source>The fastest layout that fits, from the Plan tab&apos;s search: %1. Click to apply (Undo takes it back).</source>
        <translation>规划页搜索出的可放下的最快布局：%1。点击应用（撤销可恢复）。</translation>
    </message>
    <message>
        <source>Click to apply (Undo takes it back).</source>
        <translation>点击应用（撤销可恢复）。</translation>
    </message>
    <message>
        <source>Best layout: searching…</source>
        <translation>最佳布局：搜索中…</translation>
    </message>
    <message>
        <source>Best layout: %1 (%2 s)</source>
        <translation>最佳布局：%1（%2 秒）</translation>
    </message>
</context>
<context>
    <name>shardscope::PlanLayoutModel</name>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>NVMe</source>
        <translation>NVMe</translation>
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
        <source>per-op</source>
        <translation>逐算子</translation>
    </message>
    <message>
        <source>optimizer + params: %1</source>
        <translation>优化器 + 参数：%1</translation>
    </message>
    <message>
        <source>optimizer: %1</source>
        <translation>优化器：%1</translation>
    </message>
    <message>
        <source>params: %1</source>
        <translation>参数：%1</translation>
    </message>
    <message>
        <source>optimizer: %1, params: %2</source>
        <translation>优化器：%1，参数：%2</translation>
    </message>
    <message>
        <source>TP %1</source>
        <translation>TP %1</translation>
    </message>
    <message>
        <source>PP %1</source>
        <translation>PP %1</translation>
    </message>
    <message>
        <source>VPP %1</source>
        <translation>VPP %1</translation>
    </message>
    <message>
        <source>DP %1</source>
        <translation>DP %1</translation>
    </message>
    <message>
        <source>ZeRO-%1</source>
        <translation>ZeRO-%1</translation>
    </message>
    <message>
        <source>micro-batch %1 × %2</source>
        <translation>微批次 %1 × %2</translation>
    </message>
    <message>
        <source>%1 recompute</source>
        <translation>重计算：%1</translation>
    </message>
    <message>
        <source>SP</source>
        <translation>SP</translation>
    </message>
    <message>
        <source>offload %1</source>
        <translation>卸载 %1</translation>
    </message>
    <message>
        <source>on</source>
        <translation>开</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关</translation>
    </message>
    <message>
        <source>Rank by the chosen measure (1 = best)</source>
        <translation>按所选指标的排名（1 = 最佳）</translation>
    </message>
    <message>
        <source>Tensor-parallel size</source>
        <translation>张量并行规模</translation>
    </message>
    <message>
        <source>Pipeline-parallel stages</source>
        <translation>流水线并行阶段数</translation>
    </message>
    <message>
        <source>Data-parallel replicas</source>
        <translation>数据并行副本数</translation>
    </message>
    <message>
        <source>Model chunks per GPU (interleaved pipeline schedule when above 1)</source>
        <translation>每个 GPU 的模型块数（大于 1 时为交错流水线调度）</translation>
    </message>
    <message>
        <source>ZeRO stage</source>
        <translation>ZeRO 阶段</translation>
    </message>
    <message>
        <source>Sequences per micro-batch</source>
        <translation>每个微批次的序列数</translation>
    </message>
    <message>
        <source>Micro-batches per optimizer step</source>
        <translation>每个优化器步的微批次数</translation>
    </message>
    <message>
        <source>Activation checkpointing</source>
        <translation>激活检查点</translation>
    </message>
    <message>
        <source>Sequence parallel</source>
        <translation>序列并行</translation>
    </message>
    <message>
        <source>Optimizer and parameter offload</source>
        <translation>优化器与参数卸载</translation>
    </message>
    <message>
        <source>Peak memory of the worst rank, as it meets the capacity line (%1)</source>
        <translation>最差 rank 的峰值内存，即与容量线比较的值（%1）</translation>
    </message>
    <message>
        <source>Params, grads, master weights and optimizer states on the worst rank (%1)</source>
        <translation>最差 rank 上的参数、梯度、主权重和优化器状态（%1）</translation>
    </message>
    <message>
        <source>Activations and logits on the worst rank (%1)</source>
        <translation>最差 rank 上的激活和 logits（%1）</translation>
    </message>
    <message>
        <source>One optimizer step, in seconds</source>
        <translation>一个优化器步，单位秒</translation>
    </message>
    <message>
        <source>Forward, backward and recompute kernels, in seconds</source>
        <translation>前向、反向和重计算内核，单位秒</translation>
    </message>
    <message>
        <source>Communication the compute waits for, in seconds</source>
        <translation>计算等待的通信，单位秒</translation>
    </message>
    <message>
        <source>Pipeline idle time, in seconds</source>
        <translation>流水线空闲时间，单位秒</translation>
    </message>
    <message>
        <source>Optimizer step, in seconds</source>
        <translation>优化器步，单位秒</translation>
    </message>
    <message>
        <source>Model TFLOP/s per GPU</source>
        <translation>每 GPU 的模型 TFLOP/s</translation>
    </message>
    <message>
        <source>Model FLOPs utilisation</source>
        <translation>模型 FLOPs 利用率</translation>
    </message>
    <message>
        <source>Tokens per second per GPU</source>
        <translation>每 GPU 每秒 token 数</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
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
        <source>DP</source>
        <translation>DP</translation>
    </message>
    <message>
        <source>VPP</source>
        <translation>VPP</translation>
    </message>
    <message>
        <source>ZeRO</source>
        <translation>ZeRO</translation>
    </message>
    <message>
        <source>Micro</source>
        <translation>微批</translation>
    </message>
    <message>
        <source>Accum</source>
        <translation>累积</translation>
    </message>
    <message>
        <source>Recompute</source>
        <translation>重计算</translation>
    </message>
    <message>
        <source>Offload</source>
        <translation>卸载</translation>
    </message>
    <message>
        <source>Peak (%1)</source>
        <translation>峰值（%1）</translation>
    </message>
    <message>
        <source>States (%1)</source>
        <translation>状态（%1）</translation>
    </message>
    <message>
        <source>Activ. (%1)</source>
        <translation>激活（%1）</translation>
    </message>
    <message>
        <source>Step (s)</source>
        <translation>步（秒）</translation>
    </message>
    <message>
        <source>Compute (s)</source>
        <translation>计算（秒）</translation>
    </message>
    <message>
        <source>Comm (s)</source>
        <translation>通信（秒）</translation>
    </message>
    <message>
        <source>Bubble (s)</source>
        <translation>气泡（秒）</translation>
    </message>
    <message>
        <source>Optim. (s)</source>
        <translation>优化器（秒）</translation>
    </message>
    <message>
        <source>TFLOP/s</source>
        <translation>TFLOP/s</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>Tokens/s</source>
        <translation>token/秒</translation>
    </message>
</context>
<context>
    <name>shardscope::PlanMapModel</name>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>✖ no layout</source>
        <translation>✖ 无布局</translation>
    </message>
    <message>
        <source>%1, %2: not a valid layout for this model and cluster</source>
        <translation>%1，%2：对此模型和集群不是有效布局</translation>
    </message>
    <message>
        <source>%1, %2: the best layout that fits takes %3 s per step</source>
        <translation>%1，%2：可放下的最佳布局每步 %3 秒</translation>
    </message>
    <message>
        <source>%1, %2: nothing fits; the smallest peak is %3</source>
        <translation>%1，%2：都放不下；最小峰值为 %3</translation>
    </message>
    <message>
        <source>%1, %2: no valid layout</source>
        <translation>%1，%2：无有效布局</translation>
    </message>
    <message>
        <source>(layouts evaluated: %1)</source>
        <translation>（已评估布局：%1）</translation>
    </message>
    <message>
        <source>Click or press Enter to apply it.</source>
        <translation>点击或按 Enter 应用。</translation>
    </message>
</context>
<context>
    <name>shardscope::PlanPage</name>
    <message>
        <source>Best step time by N × ZeRO stage</source>
        <translation>按 N × ZeRO 阶段的最佳步时间</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>步时间</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>Tokens/s per GPU</source>
        <translation>每 GPU token/秒</translation>
    </message>
    <message>
        <source>What &quot;best&quot; means: the shortest step, the highest model FLOPs utilisation, or the most tokens per second per GPU</source>
        <translation>“最佳”的含义：步时间最短、模型 FLOPs 利用率最高，或每 GPU 每秒 token 最多</translation>
    </message>
    <message>
        <source>Rank by:</source>
        <translation>排序依据：</translation>
    </message>
    <message>
        <source>Best step time by TP × PP</source>
        <translation>按 TP × PP 的最佳步时间</translation>
    </message>
    <message>
        <source>Each cell: the fastest layout that fits with that TP and PP (other knobs free). Green is the fastest cell, yellow 3× slower or more; ✖ means nothing fits, with the smallest peak. Click a cell or press Enter to apply its layout.</source>
        <translation>每个单元格：在该 TP 和 PP 下可放下的最快布局（其他旋钮自由）。绿色为最快，黄色为慢 3 倍及以上；✖ 表示都放不下，并给出最小峰值。点击单元格或按 Enter 应用其布局。</translation>
    </message>
    <message>
        <source>Each cell: the fastest layout that fits with that GPU count and ZeRO stage, at the same global batch. Click a cell or press Enter to apply its layout.</source>
        <translation>每个单元格：在该 GPU 数和 ZeRO 阶段、相同全局批次下可放下的最快布局。点击单元格或按 Enter 应用其布局。</translation>
    </message>
    <message>
        <source>Best layouts that fit (click or Enter applies one; Undo takes it back)</source>
        <translation>可放下的最佳布局（点击或 Enter 应用；撤销可恢复）</translation>
    </message>
    <message>
        <source>No search yet</source>
        <translation>尚未搜索</translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation>搜索中…</translation>
    </message>
    <message>
        <source>TP %1</source>
        <translation>TP %1</translation>
    </message>
    <message>
        <source>PP %1</source>
        <translation>PP %1</translation>
    </message>
    <message>
        <source>%1 layouts evaluated, %2 pruned, %3 fit — searched in %4 ms</source>
        <translation>已评估 %1 个布局，剪枝 %2 个，可放下 %3 个 — 搜索用时 %4 毫秒</translation>
    </message>
    <message>
        <source>No search: the scenario has no answer</source>
        <translation>未搜索：该场景无解</translation>
    </message>
    <message>
        <source>N = %1 (now)</source>
        <translation>N = %1（当前）</translation>
    </message>
    <message>
        <source>N = %1</source>
        <translation>N = %1</translation>
    </message>
    <message>
        <source>ZeRO-%1</source>
        <translation>ZeRO-%1</translation>
    </message>
    <message>
        <source>no layout of this model fits these GPUs at this global batch</source>
        <translation>在此全局批次下，此模型没有任何布局能放进这些 GPU</translation>
    </message>
    <message>
        <source>Nothing fits: %1.</source>
        <translation>都放不下：%1。</translation>
    </message>
</context>
<context>
    <name>shardscope::PlanParetoChart</name>
    <message>
        <source>Pareto front</source>
        <translation>帕累托前沿</translation>
    </message>
    <message>
        <source>On the front</source>
        <translation>位于前沿</translation>
    </message>
    <message>
        <source>Step time (s)</source>
        <translation>步时间（秒）</translation>
    </message>
    <message>
        <source>Layouts that fit: peak memory vs step time</source>
        <translation>可放下的布局：峰值内存与步时间</translation>
    </message>
    <message>
        <source>Other layouts</source>
        <translation>其他布局</translation>
    </message>
    <message>
        <source>Best</source>
        <translation>最佳</translation>
    </message>
    <message>
        <source>Capacity</source>
        <translation>容量</translation>
    </message>
    <message>
        <source>Worst-rank peak (%1)</source>
        <translation>最差 rank 峰值（%1）</translation>
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
