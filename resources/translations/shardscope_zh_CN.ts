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
    <name>shardscope::HardwarePanel</name>
    <message>
        <source>Reset to the preset</source>
        <translation>重置为预设</translation>
    </message>
    <message>
        <source>Every figure back to the GPU preset&apos;s, the collective latency back to 5 µs</source>
        <translation>所有数值恢复为 GPU 预设值，集合通信延迟恢复为 5 µs</translation>
    </message>
    <message>
        <source>Peak 16-bit (TFLOP/s)</source>
        <translation>16 位峰值 (TFLOP/s)</translation>
    </message>
    <message>
        <source>HBM bandwidth (GB/s)</source>
        <translation>HBM 带宽 (GB/s)</translation>
    </message>
    <message>
        <source>NVLink per direction (GB/s)</source>
        <translation>NVLink 单向带宽 (GB/s)</translation>
    </message>
    <message>
        <source>NIC per GPU per direction (GB/s)</source>
        <translation>每 GPU 网卡单向带宽 (GB/s)</translation>
    </message>
    <message>
        <source>PCIe per direction (GB/s)</source>
        <translation>PCIe 单向带宽 (GB/s)</translation>
    </message>
    <message>
        <source>Collective latency per hop (µs)</source>
        <translation>集合通信每跳延迟 (µs)</translation>
    </message>
    <message>
        <source>Large-GEMM efficiency (fraction of peak)</source>
        <translation>大型 GEMM 效率（峰值的比例）</translation>
    </message>
    <message>
        <source>%1: a number from %2 to %3.</source>
        <translation>%1：%2 到 %3 之间的数。</translation>
    </message>
    <message>
        <source>No GPU preset: choose a GPU in the Scenario panel.</source>
        <translation>没有 GPU 预设：请在“场景”面板中选择 GPU。</translation>
    </message>
    <message>
        <source>%1, figures in force (edit to override the preset)</source>
        <translation>%1，当前生效的数值（编辑即可覆盖预设）</translation>
    </message>
    <message>
        <source>“%1” is not a number. %2 The scenario was not changed.</source>
        <translation>“%1”不是数字。%2 场景未更改。</translation>
    </message>
    <message>
        <source>%1 is out of range. %2 The scenario was not changed.</source>
        <translation>%1 超出范围。%2 场景未更改。</translation>
    </message>
    <message>
        <source>Refused: %1. The scenario was not changed.</source>
        <translation>已拒绝：%1。场景未更改。</translation>
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
        <source>Hardware</source>
        <translation>硬件</translation>
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
<context>
    <name>shardscope::ValidationChart</name>
    <message>
        <source>Measured (each row&apos;s own metric)</source>
        <translation>实测值（各行自身的指标）</translation>
    </message>
    <message>
        <source>Measured (%1)</source>
        <translation>实测值 (%1)</translation>
    </message>
    <message>
        <source>Predicted (each row&apos;s own metric)</source>
        <translation>预测值（各行自身的指标）</translation>
    </message>
    <message>
        <source>Predicted (%1)</source>
        <translation>预测值 (%1)</translation>
    </message>
    <message>
        <source>within ±10%</source>
        <translation>±10% 以内</translation>
    </message>
    <message>
        <source>predicted = measured</source>
        <translation>预测 = 实测</translation>
    </message>
    <message>
        <source>rows</source>
        <translation>行</translation>
    </message>
</context>
</TS>
