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
    <name>shardscope::TrainDemoPanel</name>
    <message>
        <source>params</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>grads</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>master</source>
        <translation>主副本</translation>
    </message>
    <message>
        <source>moments</source>
        <translation>动量</translation>
    </message>
    <message>
        <source>gathered</source>
        <translation>已收集</translation>
    </message>
    <message>
        <source>scratch</source>
        <translation>临时</translation>
    </message>
    <message>
        <source>peak</source>
        <translation>峰值</translation>
    </message>
    <message>
        <source>bf16 params and grads, fp32 master</source>
        <translation>bf16 参数与梯度，fp32 主副本</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>measured</source>
        <translation>实测</translation>
    </message>
    <message>
        <source>predicted</source>
        <translation>预测</translation>
    </message>
    <message>
        <source>Trains a 1.4M-parameter MLP for real over N ranks (threads) and measures every buffer each rank allocates. The global batch (48) must split evenly over the ranks.</source>
        <translation>在 N 个 rank（线程）上真实训练一个 140 万参数的 MLP，并测量每个 rank 分配的每个缓冲区。全局批量（48）必须能被 rank 数整除。</translation>
    </message>
    <message>
        <source>Strategy</source>
        <translation>策略</translation>
    </message>
    <message>
        <source>Ranks</source>
        <translation>Rank 数</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>步数</translation>
    </message>
    <message>
        <source>Rank 0: measured vs predicted bytes</source>
        <translation>Rank 0：实测与预测字节数</translation>
    </message>
    <message>
        <source>MB (10^6 bytes)</source>
        <translation>MB（10^6 字节）</translation>
    </message>
    <message>
        <source>Bytes: measured vs predicted</source>
        <translation>字节：实测与预测</translation>
    </message>
    <message>
        <source>Replay the ring messages</source>
        <translation>回放环形消息</translation>
    </message>
    <message>
        <source>Cannot run: %1</source>
        <translation>无法运行：%1</translation>
    </message>
    <message>
        <source>Running %1 over %2 ranks...</source>
        <translation>正在 %2 个 rank 上运行 %1...</translation>
    </message>
    <message>
        <source>The run failed: %1</source>
        <translation>运行失败：%1</translation>
    </message>
    <message>
        <source>Cancelled after %1 of %2 steps.</source>
        <translation>在 %2 步中的第 %1 步后取消。</translation>
    </message>
    <message>
        <source>Done: %1 steps.</source>
        <translation>完成：%1 步。</translation>
    </message>
    <message>
        <source>Loss %1 -&gt; %2.</source>
        <translation>损失 %1 -&gt; %2。</translation>
    </message>
    <message>
        <source>Rank 0 sent %1 MB in %2 ring messages (replayed in &quot;Replay the ring messages&quot;).</source>
        <translation>Rank 0 在 %2 条环形消息中发送了 %1 MB（见“回放环形消息”）。</translation>
    </message>
</context>
<context>
    <name>shardscope::TrainReplayCanvas</name>
    <message>
        <source>sent %1 B</source>
        <translation>已发送 %1 B</translation>
    </message>
    <message>
        <source>All-gather: each rank passes a finished chunk to its right neighbour, which keeps a copy.</source>
        <translation>All-gather：每个 rank 把一个已完成的块传给右邻居，右邻居保留一份副本。</translation>
    </message>
    <message>
        <source>Reduce-scatter: each rank passes a partial sum of one chunk to its right neighbour, which adds its own gradients of that chunk.</source>
        <translation>Reduce-scatter：每个 rank 把一个块的部分和传给右邻居，右邻居再加上自己该块的梯度。</translation>
    </message>
    <message>
        <source>rank %1</source>
        <translation>rank %1</translation>
    </message>
    <message>
        <source>chunk %1: %2</source>
        <translation>块 %1：%2</translation>
    </message>
</context>
<context>
    <name>shardscope::TrainReplayView</name>
    <message>
        <source>First</source>
        <translation>第一个</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>上一个</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>播放</translation>
    </message>
    <message>
        <source>Forward</source>
        <translation>下一个</translation>
    </message>
    <message>
        <source>Last</source>
        <translation>最后一个</translation>
    </message>
    <message>
        <source>The first hop of the step</source>
        <translation>该步的第一跳</translation>
    </message>
    <message>
        <source>The previous hop</source>
        <translation>上一跳</translation>
    </message>
    <message>
        <source>Play the step&apos;s hops in recorded order</source>
        <translation>按记录顺序播放该步的各跳</translation>
    </message>
    <message>
        <source>The next hop</source>
        <translation>下一跳</translation>
    </message>
    <message>
        <source>The last hop of the step</source>
        <translation>该步的最后一跳</translation>
    </message>
    <message>
        <source>Hop of the step</source>
        <translation>该步的跳</translation>
    </message>
    <message>
        <source>The optimizer step whose recorded messages are replayed</source>
        <translation>要回放其记录消息的优化器步</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rank</translation>
    </message>
    <message>
        <source>This hop (B)</source>
        <translation>本跳 (B)</translation>
    </message>
    <message>
        <source>Byte range</source>
        <translation>字节范围</translation>
    </message>
    <message>
        <source>Chunk</source>
        <translation>块</translation>
    </message>
    <message>
        <source>Sent so far (B)</source>
        <translation>迄今已发送 (B)</translation>
    </message>
    <message>
        <source>Step total (B)</source>
        <translation>本步合计 (B)</translation>
    </message>
    <message>
        <source>Predicted (B)</source>
        <translation>预测 (B)</translation>
    </message>
    <message>
        <source>Bytes the rank sends in the step by the ring: every chunk but its own in a reduce-scatter, every chunk but its right neighbour&apos;s in an all-gather</source>
        <translation>按环算法该 rank 在本步发送的字节：reduce-scatter 中除自己的块外的所有块，all-gather 中除右邻居的块外的所有块</translation>
    </message>
    <message>
        <source>Optimizer step</source>
        <translation>优化器步</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <source>reduce-scatter</source>
        <translation>reduce-scatter</translation>
    </message>
    <message>
        <source>all-gather</source>
        <translation>all-gather</translation>
    </message>
    <message>
        <source>all-reduce, reduce-scatter half</source>
        <translation>all-reduce 的 reduce-scatter 半程</translation>
    </message>
    <message>
        <source>all-reduce, all-gather half</source>
        <translation>all-reduce 的 all-gather 半程</translation>
    </message>
    <message>
        <source>Run the trainer: every ring message of every optimizer step is recorded and can be replayed here.</source>
        <translation>运行训练器：每个优化器步的每条环形消息都会被记录，并可在此回放。</translation>
    </message>
    <message>
        <source>One rank sends nothing: run with 2 ranks or more.</source>
        <translation>单个 rank 不发送任何消息：请用 2 个或更多 rank 运行。</translation>
    </message>
    <message>
        <source>Optimizer step %1 recorded no ring messages.</source>
        <translation>优化器第 %1 步没有记录环形消息。</translation>
    </message>
    <message>
        <source>Optimizer step %1 · collective %2 of %3: %4 · ring step %5 of %6 · hop %7 of %8</source>
        <translation>优化器第 %1 步 · 集合通信 %2/%3：%4 · 环步 %5/%6 · 第 %7/%8 跳</translation>
    </message>
    <message>
        <source>rank %1 → %2</source>
        <translation>rank %1 → %2</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>Ring formulas for one step (%1 collectives; per rank (n−1)/n × M for a reduce-scatter or all-gather and 2(n−1)/n × M for an all-reduce of an M-byte buffer, n = %2): %3 B per rank.</source>
        <translation>一步的环形公式（%1 次集合通信；对 M 字节的缓冲区，每个 rank 在 reduce-scatter 或 all-gather 中发送 (n−1)/n × M，在 all-reduce 中发送 2(n−1)/n × M，n = %2）：每个 rank %3 B。</translation>
    </message>
    <message>
        <source>Over the step every rank&apos;s chunks add up to the same share, so each rank sends exactly that.</source>
        <translation>在整个步中每个 rank 的块加起来份额相同，因此每个 rank 恰好发送这么多。</translation>
    </message>
    <message>
        <source>The ranks&apos; chunks differ in size (a shorter last chunk, or a layer&apos;s slice split unevenly), so their bytes differ (Predicted, from the chunk bounds); together they send %1 B = %2 × the formula.</source>
        <translation>各 rank 的块大小不同（最后一块较短，或某层的切片划分不均），因此字节数不同（预测列按块边界计算）；它们合计发送 %1 B = %2 × 公式值。</translation>
    </message>
    <message>
        <source>Measured: every rank&apos;s step total equals its prediction.</source>
        <translation>实测：每个 rank 的本步合计等于其预测值。</translation>
    </message>
    <message>
        <source>Measured: the step totals differ from the prediction.</source>
        <translation>实测：本步合计与预测不符。</translation>
    </message>
</context>
</TS>
