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
            <source>%1% of the total %2</source>
            <translation>占总量 %2 的 %1%</translation>
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
            <source>no checkpointing</source>
            <translation>无激活检查点</translation>
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
        <message>
            <source>GPUs and the collective on their ring</source>
            <translation>GPU 及其环上的集合通信</translation>
        </message>
        <message>
            <source>Tensor-parallel split of one layer</source>
            <translation>单层的张量并行切分</translation>
        </message>
        <message>
            <source>Step timeline of the worst rank: %1 s per step, MFU %2%</source>
            <translation>最差 rank 的训练步时间线：每步 %1 秒，MFU %2%</translation>
        </message>
        <message>
            <source>fits: %1 of %2 per GPU</source>
            <translation>放得下：每 GPU %1 / %2</translation>
        </message>
        <message>
            <source>does not fit: %1 of %2 per GPU</source>
            <translation>放不下：每 GPU %1 / %2</translation>
        </message>
        <message>
            <source>A: %1 · %2
B: %3 · %4
%5</source>
            <translation>A：%1 · %2
B：%3 · %4
%5</translation>
        </message>
        <message>
            <source>. Offload costs %1 s per step (%2 s of it not hidden by compute)</source>
            <translation>。卸载每步耗时 %1 秒（其中 %2 秒未被计算掩盖）</translation>
        </message>
        <message>
            <source>Fits: %1 of %2 per GPU; offload costs %3 s per step (%4 s of it not hidden by compute)</source>
            <translation>放得下：每 GPU %1 / %2；卸载每步耗时 %3 秒（其中 %4 秒未被计算掩盖）</translation>
        </message>
    </context>
    <context>
        <name>ExplorerText</name>
        <message>
            <source>N = %1</source>
            <translation>N = %1</translation>
        </message>
        <message>
            <source>N = %1 (part of one node)</source>
            <translation>N = %1（一个节点的一部分）</translation>
        </message>
        <message>
            <source>N = %1 (1 node)</source>
            <translation>N = %1（1 个节点）</translation>
        </message>
        <message>
            <source>N = %1 (%2 nodes)</source>
            <translation>N = %1（%2 个节点）</translation>
        </message>
        <message>
            <source>ZeRO-%1</source>
            <translation>ZeRO-%1</translation>
        </message>
        <message>
            <source>Shard more of the model states over the GPUs.</source>
            <translation>把更多模型状态分片到各 GPU 上。</translation>
        </message>
        <message>
            <source>The smallest cluster of whole %1-GPU nodes that fits.</source>
            <translation>能放下的、由完整 %1-GPU 节点组成的最小集群。</translation>
        </message>
        <message>
            <source>selective checkpointing</source>
            <translation>选择性激活检查点</translation>
        </message>
        <message>
            <source>Recompute the attention core in the backward pass.</source>
            <translation>在反向传播中重算注意力核心。</translation>
        </message>
        <message>
            <source>full checkpointing</source>
            <translation>完全激活检查点</translation>
        </message>
        <message>
            <source>Keep only each layer's input; recompute the layer.</source>
            <translation>只保存每层的输入；重算该层。</translation>
        </message>
        <message>
            <source>FlashAttention</source>
            <translation>FlashAttention</translation>
        </message>
        <message>
            <source>Never store the s x s attention scores.</source>
            <translation>从不保存 s x s 的注意力分数。</translation>
        </message>
        <message>
            <source>micro-batch 1</source>
            <translation>微批次 1</translation>
        </message>
        <message>
            <source>One sequence per forward/backward pass.</source>
            <translation>每次前向/反向传播一个序列。</translation>
        </message>
        <message>
            <source>TP %1</source>
            <translation>TP %1</translation>
        </message>
        <message>
            <source>Split each layer's weights over %1 GPUs of a node.</source>
            <translation>把每层的权重切分到一个节点的 %1 块 GPU 上。</translation>
        </message>
        <message>
            <source>PP %1</source>
            <translation>PP %1</translation>
        </message>
        <message>
            <source>Split the layers into %1 pipeline stages.</source>
            <translation>把各层分成 %1 个流水线阶段。</translation>
        </message>
        <message>
            <source>CPU optimizer offload</source>
            <translation>优化器卸载到 CPU</translation>
        </message>
        <message>
            <source>ZeRO-Offload: fp32 master and optimizer states in host RAM (slower steps).</source>
            <translation>ZeRO-Offload：fp32 主权重和优化器状态放在主机内存中（步骤更慢）。</translation>
        </message>
        <message>
            <source>CPU parameter offload</source>
            <translation>参数卸载到 CPU</translation>
        </message>
        <message>
            <source>ZeRO-Infinity: parameters in host RAM, fetched per layer (slower steps).</source>
            <translation>ZeRO-Infinity：参数放在主机内存中，逐层取回（步骤更慢）。</translation>
        </message>
        <message>
            <source>The same cluster of %1 GPUs.</source>
            <translation>同样的集群，换成 %1 GPU。</translation>
        </message>
        <message>
            <source>, </source>
            <translation>、</translation>
        </message>
        <message>
            <source> usable</source>
            <translation> 可用</translation>
        </message>
        <message>
            <source>GPU %1, pipeline stage %2 of %3</source>
            <translation>GPU %1，流水线阶段 %2/%3</translation>
        </message>
        <message>
            <source>Fits: %1 of %2 on the worst rank (%3); headroom %4</source>
            <translation>放得下：最差 rank 上 %1 / %2（%3）；余量 %4</translation>
        </message>
        <message>
            <source>ZeRO-%1 fits from %2</source>
            <translation>ZeRO-%1 从 %2 起放得下</translation>
        </message>
        <message>
            <source>. </source>
            <translation>。</translation>
        </message>
        <message>
            <source>; </source>
            <translation>；</translation>
        </message>
        <message>
            <source>. At N = %1 it fits with: </source>
            <translation>。N = %1 时，以下改动可放下：</translation>
        </message>
        <message>
            <source>, or </source>
            <translation>，或 </translation>
        </message>
        <message>
            <source>Does not fit: %1 over (%2 of %3 on the worst rank, %4)</source>
            <translation>放不下：超出 %1（最差 rank 上 %2 / %3，%4）</translation>
        </message>
        <message>
            <source>; no single change fits</source>
            <translation>；没有单项改动能放下</translation>
        </message>
        <message>
            <source>; smallest change that fits: </source>
            <translation>；能放下的最小改动：</translation>
        </message>
        <message>
            <source>. Warning: the %1 has no FP8 tensor cores, so fp8 training does not run on it as modelled (memory shown as if it did)</source>
            <translation>。警告：%1 没有 FP8 张量核心，因此 fp8 训练无法按模型所示运行（显示的显存按可以运行计算）</translation>
        </message>
        <message>
            <source>. Host RAM per node does not fit: %1 of %2</source>
            <translation>。每节点主机内存放不下：%1 / %2</translation>
        </message>
        <message>
            <source>. NVMe per node does not fit: %1 of %2</source>
            <translation>。每节点 NVMe 放不下：%1 / %2</translation>
        </message>
        <message>
            <source>Parameters</source>
            <translation>参数</translation>
        </message>
        <message>
            <source>Architecture</source>
            <translation>架构</translation>
        </message>
        <message>
            <source>Attention heads</source>
            <translation>注意力头</translation>
        </message>
        <message>
            <source>KV heads</source>
            <translation>KV 头</translation>
        </message>
        <message>
            <source>Head dimension</source>
            <translation>头维度</translation>
        </message>
        <message>
            <source>Experts</source>
            <translation>专家</translation>
        </message>
        <message>
            <source>Experts per token</source>
            <translation>每个 token 的专家数</translation>
        </message>
        <message>
            <source>Learned positions</source>
            <translation>可学习位置</translation>
        </message>
        <message>
            <source>Norms per layer</source>
            <translation>每层归一化数</translation>
        </message>
        <message>
            <source>N GPUs</source>
            <translation>N 个 GPU</translation>
        </message>
        <message>
            <source>GPUs per node</source>
            <translation>每节点 GPU 数</translation>
        </message>
        <message>
            <source>GPU type</source>
            <translation>GPU 类型</translation>
        </message>
        <message>
            <source>GPU capacity</source>
            <translation>GPU 显存容量</translation>
        </message>
        <message>
            <source>Safety margin</source>
            <translation>安全余量</translation>
        </message>
        <message>
            <source>Tensor parallel</source>
            <translation>张量并行</translation>
        </message>
        <message>
            <source>Pipeline parallel</source>
            <translation>流水线并行</translation>
        </message>
        <message>
            <source>Context parallel</source>
            <translation>上下文并行</translation>
        </message>
        <message>
            <source>Chunks per GPU</source>
            <translation>每 GPU 块数</translation>
        </message>
        <message>
            <source>Schedule</source>
            <translation>调度</translation>
        </message>
        <message>
            <source>ZeRO stage</source>
            <translation>ZeRO 阶段</translation>
        </message>
        <message>
            <source>Recipe</source>
            <translation>配方</translation>
        </message>
        <message>
            <source>Optimizer</source>
            <translation>优化器</translation>
        </message>
        <message>
            <source>Checkpointing</source>
            <translation>检查点</translation>
        </message>
        <message>
            <source>Optimizer offload</source>
            <translation>优化器卸载</translation>
        </message>
        <message>
            <source>Param offload</source>
            <translation>参数卸载</translation>
        </message>
        <message>
            <source>Micro-batch</source>
            <translation>微批次</translation>
        </message>
        <message>
            <source>Sequence length</source>
            <translation>序列长度</translation>
        </message>
        <message>
            <source>Grad. accumulation</source>
            <translation>梯度累积</translation>
        </message>
        <message>
            <source>Fragmentation</source>
            <translation>碎片</translation>
        </message>
        <message>
            <source>CUDA context</source>
            <translation>CUDA 上下文</translation>
        </message>
        <message>
            <source>Bucket sizes</source>
            <translation>桶大小</translation>
        </message>
        <message>
            <source>Prefetch units</source>
            <translation>预取单元</translation>
        </message>
        <message>
            <source>Host RAM per node</source>
            <translation>每节点主机内存</translation>
        </message>
        <message>
            <source>NVMe per node</source>
            <translation>每节点 NVMe</translation>
        </message>
        <message>
            <source>Kernel efficiency</source>
            <translation>内核效率</translation>
        </message>
        <message>
            <source>Per-hop latency</source>
            <translation>每跳延迟</translation>
        </message>
        <message>
            <source>Intra-node bandwidth</source>
            <translation>节点内带宽</translation>
        </message>
        <message>
            <source>Inter-node bandwidth</source>
            <translation>节点间带宽</translation>
        </message>
        <message>
            <source>PCIe bandwidth</source>
            <translation>PCIe 带宽</translation>
        </message>
        <message>
            <source>No answer for this scenario: %1 (%2). The charts show the last valid scenario.</source>
            <translation>此场景没有结果：%1（%2）。图表显示的是上一个有效场景。</translation>
        </message>
        <message>
            <source>C</source>
            <comment>QLocale name for the numbers in translated text (ru, zh_CN)</comment>
            <translation>zh_CN</translation>
        </message>
        <message>
            <source>allocated</source>
            <comment>the capacity measure: PyTorch's memory_allocated</comment>
            <translation>已分配</translation>
        </message>
        <message>
            <source>reserved</source>
            <comment>the capacity measure: PyTorch's memory_reserved</comment>
            <translation>已预留</translation>
        </message>
        <message>
            <source>device used</source>
            <comment>the capacity measure: nvidia-smi's used memory</comment>
            <translation>设备已用</translation>
        </message>
        <message>
            <source>fits from N = %1 (%2 on the worst rank)</source>
            <translation>从 N = %1 起可放下（最差 rank 上 %2）</translation>
        </message>
        <message>
            <source>replicated %1-bit params are</source>
            <translation>复制的 %1 位参数占</translation>
        </message>
        <message>
            <source>replicated %1-bit grads are</source>
            <translation>复制的 %1 位梯度占</translation>
        </message>
        <message>
            <source>replicated fp32 master weights are</source>
            <translation>复制的 fp32 主权重副本占</translation>
        </message>
        <message>
            <source>replicated optimizer states are</source>
            <translation>复制的优化器状态占</translation>
        </message>
        <message>
            <source>activations (not sharded by ZeRO) are</source>
            <translation>激活值（ZeRO 不对其分片）占</translation>
        </message>
        <message>
            <source>the logits buffer is</source>
            <translation>logits 缓冲区占</translation>
        </message>
        <message>
            <source>%1 is</source>
            <comment>a memory term's name</comment>
            <translation>%1 占</translation>
        </message>
        <message>
            <source>never fits at any N with ZeRO-%1: %2 %3 per GPU alone; even as N grows the worst rank needs %4 of %5</source>
            <translation>在 ZeRO-%1 下任何 N 都放不下：%2 每块 GPU %3，仅此一项即超；即使 N 增大，最差 rank 也需要 %4（可用 %5）</translation>
        </message>
        <message>
            <source>never fits at any N with ZeRO-%1: offloaded states need %2 of host RAM per node (of %3)</source>
            <translation>在 ZeRO-%1 下任何 N 都放不下：卸载的状态每节点需要 %2 主机内存（共 %3）</translation>
        </message>
        <message>
            <source>never fits at any N with ZeRO-%1: offloaded states need %2 of NVMe per node (of %3)</source>
            <translation>在 ZeRO-%1 下任何 N 都放不下：卸载的状态每节点需要 %2 NVMe（共 %3）</translation>
        </message>
        <message>
            <source>no answer for ZeRO-%1</source>
            <translation>ZeRO-%1 无结果</translation>
        </message>
        <message>
            <source>Expert parallel</source>
            <translation>专家并行</translation>
        </message>
        <message>
            <source>Expert TP</source>
            <translation>专家 TP</translation>
        </message>
        <message>
            <source>MoE capacity factor</source>
            <translation>MoE 容量因子</translation>
        </message>
        <message>
            <source>Nodes per token</source>
            <translation>每个 token 的节点数</translation>
        </message>
        <message>
            <source>. Offload costs %1 s per step: %2 between GPU and host over PCIe at %3/s, %4 s of it not hidden by compute (step %5 s)</source>
            <translation>。卸载每步耗时 %1 秒：GPU 与主机之间经 PCIe 传输 %2（%3/秒），其中 %4 秒未被计算掩盖（每步 %5 秒）</translation>
        </message>
        <message>
            <source>Pipeline split</source>
            <translation>流水线切分</translation>
        </message>
        <message>
            <source>Sequence parallel</source>
            <translation>序列并行</translation>
        </message>
        <message>
            <source>Framework</source>
            <translation>框架</translation>
        </message>
        <message>
            <source>Reshard after forward</source>
            <translation>前向后重新分片</translation>
        </message>
        <message>
            <source>Optimizer step in backward</source>
            <translation>在反向中执行优化器步</translation>
        </message>
        <message>
            <source>Offload activations</source>
            <translation>卸载激活</translation>
        </message>
        <message>
            <source>Loss chunks</source>
            <translation>损失分块数</translation>
        </message>
        <message>
            <source>Paged optimizer</source>
            <translation>分页优化器</translation>
        </message>
        <message>
            <source>Loss on fp32 logits</source>
            <translation>在 fp32 logits 上计算损失</translation>
        </message>
        <message>
            <source>Compilation</source>
            <translation>编译</translation>
        </message>
        <message>
            <source>Activation precision</source>
            <translation>激活精度</translation>
        </message>
        <message>
            <source>Compiled loss</source>
            <translation>编译的损失</translation>
        </message>
        <message>
            <source>Gradients freed by zero_grad</source>
            <translation>zero_grad 释放梯度</translation>
        </message>
        <message>
            <source>Stack</source>
            <translation>训练栈</translation>
        </message>
        <message>
            <source>Capacity measure</source>
            <translation>容量度量</translation>
        </message>
        <message>
            <source>Overlap all-to-all with compute</source>
            <translation>all-to-all 与计算重叠</translation>
        </message>
        <message>
            <source>Fine-tuning method</source>
            <translation>微调方法</translation>
        </message>
        <message>
            <source>LoRA rank</source>
            <translation>LoRA 秩</translation>
        </message>
        <message>
            <source>LoRA alpha</source>
            <translation>LoRA alpha</translation>
        </message>
        <message>
            <source>LoRA targets</source>
            <translation>LoRA 目标模块</translation>
        </message>
        <message>
            <source>Base precision</source>
            <translation>基座精度</translation>
        </message>
        <message>
            <source>Quantisation block</source>
            <translation>量化块大小</translation>
        </message>
        <message>
            <source>Double quantisation</source>
            <translation>双重量化</translation>
        </message>
        <message>
            <source>Terms shown</source>
            <translation>显示的项</translation>
        </message>
    </context>
    <context>
        <name>shardscope::BreakdownModel</name>
        <message>
            <source>Term</source>
            <translation>项</translation>
        </message>
        <message>
            <source>Per GPU (%1)</source>
            <translation>每 GPU（%1）</translation>
        </message>
        <message>
            <source>Share</source>
            <translation>占比</translation>
        </message>
        <message>
            <source>Formula</source>
            <translation>公式</translation>
        </message>
    </context>
    <context>
        <name>shardscope::ChartExportDialog</name>
        <message>
            <source>Export Chart</source>
            <translation>导出图表</translation>
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
            <source>Chart</source>
            <translation>图表</translation>
        </message>
        <message>
            <source>PNG image</source>
            <translation>PNG 图像</translation>
        </message>
        <message>
            <source>SVG (vector)</source>
            <translation>SVG（矢量）</translation>
        </message>
        <message>
            <source>PDF (vector)</source>
            <translation>PDF（矢量）</translation>
        </message>
        <message>
            <source>CSV data</source>
            <translation>CSV 数据</translation>
        </message>
        <message>
            <source>JSON data</source>
            <translation>JSON 数据</translation>
        </message>
        <message>
            <source>Markdown table</source>
            <translation>Markdown 表格</translation>
        </message>
        <message>
            <source>Format</source>
            <translation>格式</translation>
        </message>
        <message>
            <source> px</source>
            <translation> 像素</translation>
        </message>
        <message>
            <source>PNG only: 192 dpi gives an image twice as wide and high with the same layout.</source>
            <translation>仅 PNG：192 dpi 得到宽高各两倍、布局相同的图像。</translation>
        </message>
        <message>
            <source>Width</source>
            <translation>宽度</translation>
        </message>
        <message>
            <source>Height</source>
            <translation>高度</translation>
        </message>
        <message>
            <source>PNG DPI</source>
            <translation>PNG DPI</translation>
        </message>
        <message>
            <source>the chart&apos;s own title</source>
            <translation>图表自身的标题</translation>
        </message>
        <message>
            <source>the scenario and its verdict; - for none</source>
            <translation>场景及其结论；- 表示无</translation>
        </message>
        <message>
            <source>Title</source>
            <translation>标题</translation>
        </message>
        <message>
            <source>Caption</source>
            <translation>说明</translation>
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
            <translation>主权重</translation>
        </message>
        <message>
            <source>activations</source>
            <translation>激活</translation>
        </message>
        <message>
            <source>logits</source>
            <translation>logits</translation>
        </message>
        <message>
            <source>zero3_gathered_params</source>
            <translation>ZeRO-3 收集的参数</translation>
        </message>
        <message>
            <source>zero3_unsharded_grads</source>
            <translation>ZeRO-3 未分片梯度</translation>
        </message>
        <message>
            <source>comm_buckets</source>
            <translation>通信桶</translation>
        </message>
        <message>
            <source>fp8_transients</source>
            <translation>fp8 临时数据</translation>
        </message>
        <message>
            <source>cuda_context</source>
            <translation>CUDA 上下文</translation>
        </message>
        <message>
            <source>fragmentation</source>
            <translation>碎片</translation>
        </message>
    </context>
    <context>
        <name>shardscope::ControlsPanel</name>
        <message>
            <source>Model</source>
            <translation>模型</translation>
        </message>
        <message>
            <source>A published architecture, or a bare parameter count given the GPT shape.</source>
            <translation>已发布的架构，或按 GPT 形状给出的参数数量。</translation>
        </message>
        <message>
            <source>Custom size (GPT shape)</source>
            <translation>自定义规模（GPT 形状）</translation>
        </message>
        <message>
            <source>Import…</source>
            <translation>导入…</translation>
        </message>
        <message>
            <source>Read the architecture from a Hugging Face config.json.</source>
            <translation>从 Hugging Face 的 config.json 读取架构。</translation>
        </message>
        <message>
            <source>Architecture</source>
            <translation>架构</translation>
        </message>
        <message>
            <source>Model size</source>
            <translation>模型规模</translation>
        </message>
        <message>
            <source>Total parameters; moving it gives a bare count the GPT-3 aspect ratio.</source>
            <translation>参数总数；拖动时按 GPT-3 的宽深比给出纯参数量。</translation>
        </message>
        <message>
            <source>Parameters</source>
            <translation>参数</translation>
        </message>
        <message>
            <source>Cluster</source>
            <translation>集群</translation>
        </message>
        <message>
            <source>N GPUs</source>
            <translation>N 个 GPU</translation>
        </message>
        <message>
            <source>Total GPUs N = data parallel x tensor parallel x pipeline parallel.</source>
            <translation>GPU 总数 N = 数据并行 x 张量并行 x 流水线并行。</translation>
        </message>
        <message>
            <source>GPUs per node</source>
            <translation>每节点 GPU 数</translation>
        </message>
        <message>
            <source>GPUs in one server; host RAM and NVMe are shared among them.</source>
            <translation>一台服务器中的 GPU；主机内存和 NVMe 由它们共享。</translation>
        </message>
        <message>
            <source>The GPU model; its memory is the capacity line in the charts.</source>
            <translation>GPU 型号；其显存即图表中的容量线。</translation>
        </message>
        <message>
            <source>GPU type</source>
            <translation>GPU 类型</translation>
        </message>
        <message>
            <source>Parallelism</source>
            <translation>并行</translation>
        </message>
        <message>
            <source>ZeRO-0 (DDP): every GPU holds all params, grads and optimizer states.</source>
            <translation>ZeRO-0（DDP）：每个 GPU 持有全部参数、梯度和优化器状态。</translation>
        </message>
        <message>
            <source>ZeRO-1: optimizer states (and fp32 master) are sharded over data parallel.</source>
            <translation>ZeRO-1：优化器状态（及 fp32 主权重）在数据并行上分片。</translation>
        </message>
        <message>
            <source>ZeRO-2: gradients are sharded too.</source>
            <translation>ZeRO-2：梯度也分片。</translation>
        </message>
        <message>
            <source>ZeRO-3 (FSDP full shard): parameters are sharded too, gathered per layer.</source>
            <translation>ZeRO-3（FSDP 完全分片）：参数也分片，按层收集。</translation>
        </message>
        <message>
            <source>ZeRO stage</source>
            <translation>ZeRO 阶段</translation>
        </message>
        <message>
            <source>TP</source>
            <translation>TP</translation>
        </message>
        <message>
            <source>Tensor parallel: each layer's weights split across this many GPUs (must divide the heads).</source>
            <translation>张量并行：每层权重切分到这么多 GPU 上（须整除注意力头数）。</translation>
        </message>
        <message>
            <source>Tensor parallel</source>
            <translation>张量并行</translation>
        </message>
        <message>
            <source>PP</source>
            <translation>PP</translation>
        </message>
        <message>
            <source>Pipeline parallel: the layers split into this many consecutive stages.</source>
            <translation>流水线并行：层被切分为这么多个连续阶段。</translation>
        </message>
        <message>
            <source>Pipeline parallel</source>
            <translation>流水线并行</translation>
        </message>
        <message>
            <source>Pipeline schedule: 1F1B keeps at most PP micro-batches in flight, GPipe all of them.</source>
            <translation>流水线调度：1F1B 最多同时保留 PP 个微批次，GPipe 保留全部。</translation>
        </message>
        <message>
            <source>Interleaved 1F1B</source>
            <translation>交错 1F1B</translation>
        </message>
        <message>
            <source>Schedule</source>
            <translation>调度</translation>
        </message>
        <message>
            <source>Virtual stages</source>
            <translation>虚拟阶段</translation>
        </message>
        <message>
            <source>Interleaved schedule: model chunks per GPU; the bubble shrinks by this factor, PP x chunks must divide the layers.</source>
            <translation>交错调度：每个 GPU 的模型块数；气泡按此倍数缩小，PP x 块数须整除层数。</translation>
        </message>
        <message>
            <source>Chunks per GPU</source>
            <translation>每 GPU 块数</translation>
        </message>
        <message>
            <source>Sequence parallel</source>
            <translation>序列并行</translation>
        </message>
        <message>
            <source>Megatron sequence parallelism: splits the activations TP would replicate.</source>
            <translation>Megatron 序列并行：切分 TP 会复制的激活。</translation>
        </message>
        <message>
            <source>Precision &amp;&amp; optimizer</source>
            <translation>精度与优化器</translation>
        </message>
        <message>
            <source>Bytes per parameter for weights, gradients, fp32 master and optimizer states.</source>
            <translation>权重、梯度、fp32 主权重和优化器状态的每参数字节数。</translation>
        </message>
        <message>
            <source>Recipe</source>
            <translation>配方</translation>
        </message>
        <message>
            <source>Replaces only the optimizer states of the recipe.</source>
            <translation>只替换配方中的优化器状态。</translation>
        </message>
        <message>
            <source>as the recipe says</source>
            <translation>按配方</translation>
        </message>
        <message>
            <source>Optimizer</source>
            <translation>优化器</translation>
        </message>
        <message>
            <source>Memory savers</source>
            <translation>省显存手段</translation>
        </message>
        <message>
            <source>None</source>
            <translation>无</translation>
        </message>
        <message>
            <source>Selective</source>
            <translation>选择性</translation>
        </message>
        <message>
            <source>Per-op</source>
            <translation>逐算子</translation>
        </message>
        <message>
            <source>Full</source>
            <translation>完全</translation>
        </message>
        <message>
            <source>Keep every activation for the backward pass.</source>
            <translation>为反向传播保留所有激活。</translation>
        </message>
        <message>
            <source>Megatron's selective recomputation: only the attention core is recomputed in backward, with FlashAttention nearly everything is kept (Korthikanti et al. 2022; docs/model.md section 10).</source>
            <translation>Megatron 的选择性重计算：反向时只重算注意力核心，启用 FlashAttention 时几乎全部保留（Korthikanti et al. 2022；docs/model.md 第 10 节）。</translation>
        </message>
        <message>
            <source>torchtitan's per-op selective activation checkpointing (SAC): the layer input, the attention output and every other matmul's output are saved, the rest recomputed (docs/model.md section 10).</source>
            <translation>torchtitan 的逐算子选择性激活检查点（SAC）：保存层输入、注意力输出和每隔一个 matmul 的输出，其余重算（docs/model.md 第 10 节）。</translation>
        </message>
        <message>
            <source>Keep only each layer's input and recompute the layer in backward.</source>
            <translation>只保留每层的输入，反向时重算该层。</translation>
        </message>
        <message>
            <source>Checkpointing</source>
            <translation>检查点</translation>
        </message>
        <message>
            <source>FlashAttention</source>
            <translation>FlashAttention</translation>
        </message>
        <message>
            <source>Fused attention kernels that never store the s x s attention scores.</source>
            <translation>融合注意力内核，从不存储 s x s 注意力分数。</translation>
        </message>
        <message>
            <source>none</source>
            <translation>无</translation>
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
            <source>ZeRO-Offload: fp32 master and optimizer states live in host RAM or NVMe (stages 1-3).</source>
            <translation>ZeRO-Offload：fp32 主权重和优化器状态存放在主机内存或 NVMe（阶段 1-3）。</translation>
        </message>
        <message>
            <source>ZeRO-Infinity: parameters live off the GPU (ZeRO-3 only).</source>
            <translation>ZeRO-Infinity：参数存放在 GPU 之外（仅 ZeRO-3）。</translation>
        </message>
        <message>
            <source>Optimizer offload</source>
            <translation>优化器卸载</translation>
        </message>
        <message>
            <source>Param offload</source>
            <translation>参数卸载</translation>
        </message>
        <message>
            <source>Framework</source>
            <translation>框架</translation>
        </message>
        <message>
            <source>Whose buffers and layouts are in force; the ZeRO stage keeps its meaning and the recipe its bytes per parameter (docs/model.md section 10).</source>
            <translation>采用哪个框架的缓冲区和布局；ZeRO 阶段含义不变，配方的每参数字节数不变（docs/model.md 第 10 节）。</translation>
        </message>
        <message>
            <source>Convention</source>
            <translation>约定</translation>
        </message>
        <message>
            <source>FSDP2 reshard_after_forward: each block's gathered parameters are freed after its forward and gathered again for backward; off (torchtitan under PP) the stage's parameters stay gathered from forward to backward (torch.distributed.fsdp.fully_shard; docs/model.md section 10).</source>
            <translation>FSDP2 reshard_after_forward：每个块收集的参数在其前向后释放，反向时重新收集；关闭时（torchtitan 在 PP 下）该阶段的参数从前向到反向一直保持收集状态（torch.distributed.fsdp.fully_shard；docs/model.md 第 10 节）。</translation>
        </message>
        <message>
            <source>Reshard after forward</source>
            <translation>前向后重新分片</translation>
        </message>
        <message>
            <source>Which figure meets the capacity line and decides "fits": torch.cuda.max_memory_allocated, max_memory_reserved (+ the allocator's fragmentation), or the device's used memory as nvidia-smi shows it (+ the CUDA context and paged optimizer states) (docs/model.md section 10).</source>
            <translation>哪个数值与容量线比较并决定是否“放得下”：torch.cuda.max_memory_allocated、max_memory_reserved（+ 分配器碎片）或 nvidia-smi 显示的设备已用显存（+ CUDA 上下文和分页优化器状态）（docs/model.md 第 10 节）。</translation>
        </message>
        <message>
            <source>allocated (PyTorch)</source>
            <translation>已分配（PyTorch）</translation>
        </message>
        <message>
            <source>reserved (PyTorch)</source>
            <translation>已预留（PyTorch）</translation>
        </message>
        <message>
            <source>device used (nvidia-smi)</source>
            <translation>设备已用（nvidia-smi）</translation>
        </message>
        <message>
            <source>Capacity measure</source>
            <translation>容量度量</translation>
        </message>
        <message>
            <source>Savers, precision and compilation switches of the training stack.</source>
            <translation>训练栈的省显存、精度和编译开关。</translation>
        </message>
        <message>
            <source>Precision of the saved activations: as the recipe (4-byte weights: fp32, else 16-bit), 16-bit, fp32 (every saved tensor doubled but the dropout masks), or torch.autocast (fp32 residual stream and attention probabilities, and a 16-bit cache of every weight) (docs/model.md section 10).</source>
            <translation>保存激活的精度：按配方（4 字节权重为 fp32，否则 16 位）、16 位、fp32（除 dropout 掩码外每个保存的张量加倍），或 torch.autocast（残差流和注意力概率为 fp32，并缓存每个权重的 16 位副本）（docs/model.md 第 10 节）。</translation>
        </message>
        <message>
            <source>as the recipe</source>
            <translation>按配方</translation>
        </message>
        <message>
            <source>16-bit</source>
            <translation>16 位</translation>
        </message>
        <message>
            <source>fp32</source>
            <translation>fp32</translation>
        </message>
        <message>
            <source>autocast</source>
            <translation>autocast</translation>
        </message>
        <message>
            <source>Activations</source>
            <translation>激活</translation>
        </message>
        <message>
            <source>Compiled (torch.compile / fused kernels)</source>
            <translation>编译（torch.compile / 融合内核）</translation>
        </message>
        <message>
            <source>torch.compile, Transformer Engine or Megatron's fused kernels; off: eager PyTorch's SwiGLU keeps gate, up, silu(gate) and their product (8f B per token instead of 6f) and runs every element-wise op as its own pass (docs/model.md section 10).</source>
            <translation>torch.compile、Transformer Engine 或 Megatron 的融合内核；关闭时：eager PyTorch 的 SwiGLU 保留 gate、up、silu(gate) 及其乘积（每 token 8f 字节而非 6f），且每个逐元素操作单独一遍（docs/model.md 第 10 节）。</translation>
        </message>
        <message>
            <source>Dropout</source>
            <translation>Dropout</translation>
        </message>
        <message>
            <source>Dropout masks stored for backward (1 B per element: GPT-2/BERT style); Llama-style models train without (docs/model.md section 5).</source>
            <translation>为反向保存的 dropout 掩码（每元素 1 字节：GPT-2/BERT 风格）；Llama 类模型训练时不用（docs/model.md 第 5 节）。</translation>
        </message>
        <message>
            <source>Optimizer step in backward</source>
            <translation>在反向中执行优化器步</translation>
        </message>
        <message>
            <source>Each parameter is stepped and its gradient freed as it arrives: one tensor's gradient alive, no step with all of them (torchtune optimizer_in_bwd; needs gradient accumulation 1; docs/model.md section 10).</source>
            <translation>每个参数在梯度到达时即更新并释放梯度：只有一个张量的梯度存活，没有持有全部梯度的优化器步（torchtune optimizer_in_bwd；需要梯度累积为 1；docs/model.md 第 10 节）。</translation>
        </message>
        <message>
            <source>Offload activations</source>
            <translation>卸载激活</translation>
        </message>
        <message>
            <source>Saved activations move to host memory; one layer's working set stays (torchtune, torchao; docs/model.md section 10).</source>
            <translation>保存的激活移到主机内存；保留一层的工作集（torchtune、torchao；docs/model.md 第 10 节）。</translation>
        </message>
        <message>
            <source>Paged optimizer</source>
            <translation>分页优化器</translation>
        </message>
        <message>
            <source>bitsandbytes paged optimizer states in CUDA managed memory, outside the caching allocator: not in allocated or reserved, in device used (docs/model.md section 10).</source>
            <translation>bitsandbytes 分页优化器状态位于 CUDA 托管内存，在缓存分配器之外：不计入 allocated 和 reserved，计入设备已用（docs/model.md 第 10 节）。</translation>
        </message>
        <message>
            <source>Loss on fp32 logits</source>
            <translation>在 fp32 logits 上计算损失</translation>
        </message>
        <message>
            <source>Cross-entropy on logits upcast to fp32: 14 B per logit instead of 8 (PyTorch cross_entropy(logits.float()); docs/model.md section 10).</source>
            <translation>在提升为 fp32 的 logits 上计算交叉熵：每个 logit 14 字节而非 8（PyTorch cross_entropy(logits.float())；docs/model.md 第 10 节）。</translation>
        </message>
        <message>
            <source>Compiled loss</source>
            <translation>编译的损失</translation>
        </message>
        <message>
            <source>torch.compile fuses the upcast, log-softmax and their backward: only the 16-bit gradient of the logits, no fp32 buffers (torchtitan components/loss.py; docs/model.md section 10).</source>
            <translation>torch.compile 融合类型提升、log-softmax 及其反向：只有 logits 的 16 位梯度，没有 fp32 缓冲区（torchtitan components/loss.py；docs/model.md 第 10 节）。</translation>
        </message>
        <message>
            <source>Loss chunks</source>
            <translation>损失分块数</translation>
        </message>
        <message>
            <source>Chunked cross-entropy: the loss's working set divided over N chunks, the logits stay (torchtune CEWithChunkedOutputLoss uses 8; docs/model.md section 10).</source>
            <translation>分块交叉熵：损失的工作集分到 N 块，logits 保留（torchtune CEWithChunkedOutputLoss 使用 8；docs/model.md 第 10 节）。</translation>
        </message>
        <message>
            <source>Batch</source>
            <translation>批次</translation>
        </message>
        <message>
            <source>Micro-batch</source>
            <translation>微批次</translation>
        </message>
        <message>
            <source>Sequences each GPU processes in one forward/backward pass.</source>
            <translation>每个 GPU 在一次前向/反向中处理的序列数。</translation>
        </message>
        <message>
            <source>Sequence length</source>
            <translation>序列长度</translation>
        </message>
        <message>
            <source>Tokens per sequence; activations grow with it (attention scores with its square).</source>
            <translation>每个序列的 token 数；激活随之增长（注意力分数随其平方增长）。</translation>
        </message>
        <message>
            <source>Gradient accumulation</source>
            <translation>梯度累积</translation>
        </message>
        <message>
            <source>Micro-batches per optimizer step (the pipeline's micro-batches).</source>
            <translation>每个优化器步的微批次数（流水线的微批次）。</translation>
        </message>
        <message>
            <source>Grad. accumulation</source>
            <translation>梯度累积</translation>
        </message>
        <message>
            <source>Reset to default</source>
            <translation>恢复默认</translation>
        </message>
        <message>
            <source>Llama-2-70B on 32 x A100 80GB, ZeRO-3, mixed precision, full checkpointing.</source>
            <translation>Llama-2-70B，32 x A100 80GB，ZeRO-3，混合精度，完全检查点。</translation>
        </message>
        <message>
            <source>In force: weights %1 + grads %2 + master %3 + optimizer %4 = %5 B/param</source>
            <translation>生效：权重 %1 + 梯度 %2 + 主权重 %3 + 优化器 %4 = %5 B/参数</translation>
        </message>
        <message>
            <source>Only ZeRO stage 3 (FULL_SHARD) reshards: stage 2 (SHARD_GRAD_OP) keeps the gathered parameters from forward to backward.</source>
            <translation>只有 ZeRO 阶段 3（FULL_SHARD）会重新分片：阶段 2（SHARD_GRAD_OP）从前向到反向一直保留收集的参数。</translation>
        </message>
        <message>
            <source>Savers, precision, compile</source>
            <translation>省显存、精度、编译</translation>
        </message>
        <message>
            <source>Savers, precision, compile (%1 changed)</source>
            <translation>省显存、精度、编译（已改 %1 项）</translation>
        </message>
        <message>
            <source>Model chunks per GPU: only the interleaved schedule uses them (choose Schedule = Interleaved 1F1B).</source>
            <translation>每 GPU 的模型块数：只有交错调度使用（请选择 调度 = 交错 1F1B）。</translation>
        </message>
        <message>
            <source>Import a Hugging Face config.json</source>
            <translation>导入 Hugging Face config.json</translation>
        </message>
        <message>
            <source>config.json (*.json);;All files (*)</source>
            <translation>config.json (*.json);;所有文件 (*)</translation>
        </message>
        <message>
            <source>Imported: </source>
            <translation>已导入：</translation>
        </message>
        <message>
            <source>Experts (MoE)</source>
            <translation>专家 (MoE)</translation>
        </message>
        <message>
            <source>The model&apos;s Mixture-of-Experts shape: routed experts per MoE layer, experts per token (top-k), one expert&apos;s FFN size, shared experts and dense first layers (docs/model.md section 11).</source>
            <translation>模型的混合专家 (MoE) 结构：每个 MoE 层的路由专家数、每个 token 的专家数 (top-k)、单个专家的 FFN 大小、共享专家和前几个稠密层（docs/model.md 第 11 节）。</translation>
        </message>
        <message>
            <source>EP</source>
            <translation>EP</translation>
        </message>
        <message>
            <source>Expert parallel: each MoE layer&apos;s routed experts split over this many GPUs of a pipeline stage (must divide the experts; EP x expert TP must divide the stage&apos;s GPUs).</source>
            <translation>专家并行：每个 MoE 层的路由专家分布在流水线阶段的这么多 GPU 上（必须整除专家数；EP x 专家 TP 必须整除该阶段的 GPU 数）。</translation>
        </message>
        <message>
            <source>Expert parallel</source>
            <translation>专家并行</translation>
        </message>
        <message>
            <source>Expert TP</source>
            <translation>专家 TP</translation>
        </message>
        <message>
            <source>Overlap all-to-all with compute</source>
            <translation>all-to-all 与计算重叠</translation>
        </message>
        <message>
            <source>The dispatch and combine all-to-alls run beside the layer&apos;s computation (Megatron-Core EP communication overlap, DeepSeek&apos;s DualPipe): only what the compute cannot cover is exposed.</source>
            <translation>分发与合并的 all-to-all 与该层的计算并行执行（Megatron-Core 的 EP 通信重叠、DeepSeek 的 DualPipe）：只有计算无法掩盖的部分才会暴露。</translation>
        </message>
        <message>
            <source>%1 routed experts per MoE layer, top-%2, expert FFN %3</source>
            <translation>每个 MoE 层 %1 个路由专家，top-%2，专家 FFN %3</translation>
        </message>
        <message>
            <source>; shared experts: %1</source>
            <translation>；共享专家：%1</translation>
        </message>
        <message>
            <source>; %1 of %2 layers dense</source>
            <translation>；%2 层中 %1 层为稠密层</translation>
        </message>
        <message>
            <source>%1 B parameters, %2 B activated per token; experts per GPU at EP %4: %3</source>
            <translation>%1 B 参数，每个 token 激活 %2 B；EP %4 时每个 GPU 的专家数：%3</translation>
        </message>
        <message>
            <source>Expert tensor parallel: each expert&apos;s matrices split over this many GPUs; 0 follows the tensor-parallel size (Megatron-Core&apos;s default).</source>
            <translation>专家张量并行：每个专家的矩阵切分到这么多 GPU 上；0 表示跟随张量并行大小（Megatron-Core 的默认值）。</translation>
        </message>
        <message>
            <source>= TP</source>
            <translation>= TP</translation>
        </message>
        <message>
            <source>Expert TP 0 follows TP: %1</source>
            <translation>专家 TP 0 跟随 TP：%1</translation>
        </message>
        <message>
            <source>The training stack whose documented defaults to apply (framework, recipe, kernels, overlap, checkpointing) and whose MFU / TFLOP/s convention to report; `--stack` on the command line (docs/model.md, &quot;Training stacks&quot;).</source>
            <translation>要应用其文档默认值（框架、配方、内核、重叠、检查点）并按其约定报告 MFU / TFLOP/s 的训练栈；命令行中为 `--stack`（docs/model.md，“Training stacks”）。</translation>
        </message>
        <message>
            <source>Stack</source>
            <translation>训练栈</translation>
        </message>
        <message>
            <source>Assumed by %1:</source>
            <translation>%1 的默认假设：</translation>
        </message>
        <message>
            <source>  %1: yours, not the stack&apos;s %2</source>
            <translation>  %1：您的设置，而非该栈的 %2</translation>
        </message>
        <message>
            <source>  MFU, TFLOP/s: causal attention at half the score matrix</source>
            <translation>  MFU、TFLOP/s：因果注意力按一半得分矩阵计</translation>
        </message>
        <message>
            <source>  MFU, TFLOP/s: attention over the whole score matrix</source>
            <translation>  MFU、TFLOP/s：注意力按整个得分矩阵计</translation>
        </message>
    </context>
    <context>
        <name>shardscope::FileActions</name>
        <message>
            <source>ShardScope scenario</source>
            <translation>ShardScope 场景</translation>
        </message>
        <message>
            <source>Hugging Face config.json</source>
            <translation>Hugging Face config.json</translation>
        </message>
        <message>
            <source>DeepSpeed config</source>
            <translation>DeepSpeed 配置</translation>
        </message>
        <message>
            <source>accelerate FSDP config</source>
            <translation>accelerate FSDP 配置</translation>
        </message>
        <message>
            <source>unknown file</source>
            <translation>未知文件</translation>
        </message>
        <message>
            <source>Megatron-LM arguments</source>
            <translation>Megatron-LM 参数</translation>
        </message>
        <message>
            <source>%1: model %2, %3 parameters; the cluster, parallelism and batch are unchanged</source>
            <translation>%1：模型 %2，%3 个参数；集群、并行方式和批次不变</translation>
        </message>
        <message>
            <source>ignored: </source>
            <translation>已忽略：</translation>
        </message>
    </context>
    <context>
        <name>shardscope::FinetuneGroup</name>
        <message>
            <source>Fine-tuning</source>
            <translation>微调</translation>
        </message>
        <message>
            <source>Full: every parameter trains. LoRA: low-rank adapters on a frozen 16-bit base (Hu et al. 2021). QLoRA: LoRA on a 4-bit base (Dettmers et al. 2023). DoRA: LoRA plus a trainable magnitude per adapted layer (Liu et al. 2024). Grads and optimizer states exist only for what trains (docs/model.md section 12).</source>
            <translation>Full：所有参数都参与训练。LoRA：在冻结的 16 位基座上加低秩适配器（Hu et al. 2021）。QLoRA：在 4 位基座上做 LoRA（Dettmers et al. 2023）。DoRA：LoRA 外加每个被适配层的可训练幅度向量（Liu et al. 2024）。只有参与训练的部分才有梯度和优化器状态（docs/model.md 第 12 节）。</translation>
        </message>
        <message>
            <source>Full</source>
            <translation>全量</translation>
        </message>
        <message>
            <source>Method</source>
            <translation>方法</translation>
        </message>
        <message>
            <source>LoRA rank</source>
            <translation>LoRA 秩</translation>
        </message>
        <message>
            <source>LoRA rank r: each adapted d_in x d_out weight gets r x (d_in + d_out) trainable parameters (PEFT LoraConfig r, torchtune lora_rank).</source>
            <translation>LoRA 秩 r：每个被适配的 d_in x d_out 权重获得 r x (d_in + d_out) 个可训练参数（PEFT LoraConfig r，torchtune lora_rank）。</translation>
        </message>
        <message>
            <source>Rank</source>
            <translation>秩</translation>
        </message>
        <message>
            <source>LoRA alpha</source>
            <translation>LoRA alpha</translation>
        </message>
        <message>
            <source>LoRA alpha: the adapters&apos; output is scaled by alpha / r; it changes neither bytes nor FLOPs (kept for the scenario files and the importers).</source>
            <translation>LoRA alpha：适配器的输出按 alpha / r 缩放；不改变字节数和 FLOPs（为场景文件和导入器保留）。</translation>
        </message>
        <message>
            <source>Alpha</source>
            <translation>Alpha</translation>
        </message>
        <message>
            <source>An adapter on the output head (PEFT lm_head, torchtune output_proj).</source>
            <translation>输出头上的适配器（PEFT lm_head，torchtune output_proj）。</translation>
        </message>
        <message>
            <source>An adapter on this linear layer of every block.</source>
            <translation>每个块的这一线性层上的适配器。</translation>
        </message>
        <message>
            <source>PEFT&apos;s &quot;all-linear&quot;: every linear layer of the blocks (and a MoE router), not the head.</source>
            <translation>PEFT 的 &quot;all-linear&quot;：块中的所有线性层（以及 MoE 路由器），不含输出头。</translation>
        </message>
        <message>
            <source>Targets</source>
            <translation>目标模块</translation>
        </message>
        <message>
            <source>The frozen base&apos;s linear weights: bf16, int8 (LLM.int8, one fp32 scale per row), NF4 or FP4 (4 bits and block-wise constants), fp8. Embeddings, head and norms stay 16-bit.</source>
            <translation>冻结基座的线性权重：bf16、int8（LLM.int8，每行一个 fp32 缩放）、NF4 或 FP4（4 位加分块常数）、fp8。嵌入、输出头和归一化层保持 16 位。</translation>
        </message>
        <message>
            <source>as the method</source>
            <translation>随方法</translation>
        </message>
        <message>
            <source>Base precision</source>
            <translation>基座精度</translation>
        </message>
        <message>
            <source>Quantisation block</source>
            <translation>量化块</translation>
        </message>
        <message>
            <source>NF4/FP4 weights share one absmax constant per block of this many (bitsandbytes blocksize; QLoRA: 64). A power of two.</source>
            <translation>NF4/FP4 权重每这么多个共享一个 absmax 常数（bitsandbytes blocksize；QLoRA：64）。须为 2 的幂。</translation>
        </message>
        <message>
            <source>Block</source>
            <translation>块大小</translation>
        </message>
        <message>
            <source>Double quantisation</source>
            <translation>双重量化</translation>
        </message>
        <message>
            <source>The absmax constants quantised to 8 bits in blocks of 256: 4.127 bits per weight at block 64 instead of 4.5 (QLoRA, section 3).</source>
            <translation>absmax 常数以 256 为一块量化到 8 位：块大小 64 时每个权重 4.127 位而不是 4.5 位（QLoRA 第 3 节）。</translation>
        </message>
        <message>
            <source>Targets: at least one linear layer needs an adapter (LoRA trains only the adapters).</source>
            <translation>目标模块：至少要有一个线性层带适配器（LoRA 只训练适配器）。</translation>
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
        <name>shardscope::HardwarePanel</name>
        <message>
            <source>Reset to the preset</source>
            <translation>重置为预设</translation>
        </message>
        <message>
            <source>Every figure back to the GPU preset's, the collective latency back to 5 µs, the GEMM tile overhead back to 64 K steps</source>
            <translation>所有数值恢复为 GPU 预设值，集合通信延迟恢复为 5 µs，GEMM 分块开销恢复为 64 个 K 步</translation>
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
            <source>GEMM tile overhead (K steps)</source>
            <translation>GEMM 分块开销（K 步）</translation>
        </message>
        <message>
            <source>Attention efficiency (fraction of peak)</source>
            <translation>注意力效率（峰值的比例）</translation>
        </message>
        <message>
            <source>K %1: %2</source>
            <translation>K %1：%2</translation>
        </message>
        <message>
            <source>Efficiency curve, a large GEMM by its inner dimension (fraction of peak): %1</source>
            <translation>效率曲线：大型 GEMM 按内维度 K 计（峰值的比例）：%1</translation>
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
            <source>available (the node's capacity in the scenario)</source>
            <translation>可用（场景中节点的容量）</translation>
        </message>
        <message>
            <source>%1, %2</source>
            <translation>%1，%2</translation>
        </message>
        <message>
            <source>No offload</source>
            <translation>无卸载</translation>
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
        <message>
            <source>&amp;Add This View as a Step…</source>
            <translation>添加当前视图为一步(&amp;A)…</translation>
        </message>
        <message>
            <source>Appends the scenario, tab and highlight shown now, with a caption you type, to the tour you are building</source>
            <translation>把当前显示的场景、标签页和高亮，连同你输入的说明，追加到正在编写的导览中</translation>
        </message>
        <message>
            <source>&amp;Save Tour As…</source>
            <translation>导览另存为(&amp;S)…</translation>
        </message>
        <message>
            <source>Add This View as a Step</source>
            <translation>添加当前视图为一步</translation>
        </message>
        <message>
            <source>Step %1 of the tour you are building: the scenario and the %2 tab shown now.</source>
            <translation>正在编写的导览的第 %1 步：当前显示的场景和 %2 标签页。</translation>
        </message>
        <message>
            <source>(none)</source>
            <translation>（无）</translation>
        </message>
        <message>
            <source>Highlight:</source>
            <translation>高亮：</translation>
        </message>
        <message>
            <source>Insert a number from the model…</source>
            <translation>插入模型给出的数字…</translation>
        </message>
        <message>
            <source>Placeholder:</source>
            <translation>占位符：</translation>
        </message>
        <message>
            <source>Caption (English):</source>
            <translation>说明（英文）：</translation>
        </message>
        <message>
            <source>Caption (%1, optional):</source>
            <translation>说明（%1，可选）：</translation>
        </message>
        <message>
            <source>The tour has no steps yet: Tour &gt; Add This View as a Step first.</source>
            <translation>导览还没有步骤：请先用 导览 &gt; 添加当前视图为一步。</translation>
        </message>
        <message>
            <source>Save Tour As</source>
            <translation>导览另存为</translation>
        </message>
        <message>
            <source>ShardScope tours (*.tour.json)</source>
            <translation>ShardScope 导览 (*.tour.json)</translation>
        </message>
        <message>
            <source>Cannot save %1</source>
            <translation>无法保存 %1</translation>
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
What they omit keeps Megatron's defaults; the model comes from --num-layers, --hidden-size, ...</source>
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
        <message>
            <source>Compare: pin a scenario as A first (Compare tab, Pin current as A).</source>
            <translation>对比：请先将一个场景固定为 A（“对比”标签页，“将当前固定为 A”）。</translation>
        </message>
        <message>
            <source>ShardScope scenarios (*.shardscope.json *.json);;All files (*)</source>
            <translation>ShardScope 场景 (*.shardscope.json *.json);;所有文件 (*)</translation>
        </message>
        <message>
            <source>&lt;h3&gt;ShardScope %1&lt;/h3&gt;&lt;p&gt;Where GPU memory and time go when a large model is trained on many GPUs: per-GPU memory by term and rank, the smallest N that fits, and one training step's collectives.&lt;/p&gt;&lt;p&gt;Every number comes from one model in &lt;tt&gt;core/&lt;/tt&gt;; its formulas and sources are in Help &amp;gt; The Model.&lt;/p&gt;&lt;p&gt;Built with Qt %2. MIT licence.&lt;/p&gt;</source>
            <translation>&lt;h3&gt;ShardScope %1&lt;/h3&gt;&lt;p&gt;在多块 GPU 上训练大模型时，GPU 显存和时间都花在哪里：按项和 rank 划分的每 GPU 显存、能放下的最小 N，以及一个训练步的集合通信。&lt;/p&gt;&lt;p&gt;每个数字都来自 &lt;tt&gt;core/&lt;/tt&gt; 中的同一个模型；其公式和出处见 帮助 &amp;gt; 模型。&lt;/p&gt;&lt;p&gt;基于 Qt %2 构建。MIT 许可证。&lt;/p&gt;</translation>
        </message>
        <message>
            <source>&amp;Edit</source>
            <translation>编辑(&amp;E)</translation>
        </message>
        <message>
            <source>&amp;Undo</source>
            <translation>撤销(&amp;U)</translation>
        </message>
        <message>
            <source>&amp;Redo</source>
            <translation>重做(&amp;R)</translation>
        </message>
        <message>
            <source>&amp;Help</source>
            <translation>帮助(&amp;H)</translation>
        </message>
        <message>
            <source>&amp;Keyboard Shortcuts</source>
            <translation>键盘快捷键(&amp;K)</translation>
        </message>
        <message>
            <source>Keyboard Shortcuts</source>
            <translation>键盘快捷键</translation>
        </message>
        <message>
            <source>The &amp;Model (docs/model.md)</source>
            <translation>模型(&amp;M)（docs/model.md）</translation>
        </message>
        <message>
            <source>docs/model.md was not built into this binary.</source>
            <translation>此程序未内置 docs/model.md。</translation>
        </message>
        <message>
            <source>The Model: formulas, sources and defaults</source>
            <translation>模型：公式、出处和默认值</translation>
        </message>
        <message>
            <source>&amp;About ShardScope</source>
            <translation>关于 ShardScope(&amp;A)</translation>
        </message>
        <message>
            <source>About ShardScope</source>
            <translation>关于 ShardScope</translation>
        </message>
        <message>
            <source>Memory, Step, Compare tab</source>
            <translation>“显存”“训练步”“对比”标签页</translation>
        </message>
        <message>
            <source>Undo / redo a scenario change</source>
            <translation>撤销/重做场景更改</translation>
        </message>
        <message>
            <source>New, open, save a scenario</source>
            <translation>新建、打开、保存场景</translation>
        </message>
        <message>
            <source>Export a chart</source>
            <translation>导出图表</translation>
        </message>
        <message>
            <source>Step tab: play / pause</source>
            <translation>“训练步”标签页：播放/暂停</translation>
        </message>
        <message>
            <source>Step tab: next / previous event</source>
            <translation>“训练步”标签页：下一个/上一个事件</translation>
        </message>
        <message>
            <source>Step tab: faster / slower</source>
            <translation>“训练步”标签页：加速/减速</translation>
        </message>
        <message>
            <source>Step tab, one-collective mode: next / previous hop</source>
            <translation>“训练步”标签页，单个集合通信模式：下一跳/上一跳</translation>
        </message>
        <message>
            <source>This sheet</source>
            <translation>本页</translation>
        </message>
        <message>
            <source>&lt;h3&gt;Keyboard shortcuts&lt;/h3&gt;&lt;table cellpadding='4'&gt;</source>
            <translation>&lt;h3&gt;键盘快捷键&lt;/h3&gt;&lt;table cellpadding='4'&gt;</translation>
        </message>
        <message>
            <source>&lt;/table&gt;&lt;p&gt;The Step tab's keys work whenever the tab is shown, wherever the focus is (a text box being edited keeps its own keys).&lt;/p&gt;</source>
            <translation>&lt;/table&gt;&lt;p&gt;只要“训练步”标签页显示着，无论焦点在哪里，它的按键都有效（正在编辑的文本框保留自己的按键）。&lt;/p&gt;</translation>
        </message>
        <message>
            <source>error: </source>
            <translation>错误：</translation>
        </message>
        <message>
            <source>Opened %1</source>
            <translation>已打开 %1</translation>
        </message>
        <message>
            <source>the scenario has no file yet: use Save As</source>
            <translation>场景还没有文件：请用“另存为”</translation>
        </message>
        <message>
            <source>Imported %1%2:</source>
            <translation>已导入 %1%2：</translation>
        </message>
        <message>
            <source>%1: not a ShardScope scenario, Hugging Face config.json, DeepSpeed config or accelerate FSDP config (judged by its content)</source>
            <translation>%1：不是 ShardScope 场景、Hugging Face config.json、DeepSpeed 配置或 accelerate FSDP 配置（根据内容判断）</translation>
        </message>
        <message>
            <source>Exported %1 to %2</source>
            <translation>已将 %1 导出到 %2</translation>
        </message>
        <message>
            <source>Exported a bundle of %1 files to %2</source>
            <translation>已将 %1 个文件的合集导出到 %2</translation>
        </message>
        <message>
            <source>%1 no longer exists; removed from Open Recent</source>
            <translation>%1 已不存在；已从“最近打开”中移除</translation>
        </message>
        <message>
            <source>autosave failed: </source>
            <translation>自动保存失败：</translation>
        </message>
        <message>
            <source>last session&apos;s scenario not restored: </source>
            <translation>上次会话的场景未恢复：</translation>
        </message>
        <message>
            <source>autosave not restored: </source>
            <translation>未恢复自动保存：</translation>
        </message>
        <message>
            <source>YAML (*.yaml *.yml);;All files (*)</source>
            <translation>YAML (*.yaml *.yml);;所有文件 (*)</translation>
        </message>
        <message>
            <source>JSON (*.json);;All files (*)</source>
            <translation>JSON (*.json);;所有文件 (*)</translation>
        </message>
        <message>
            <source>Plan</source>
            <translation>规划</translation>
        </message>
        <message>
            <source>Glossary for the control under the mouse</source>
            <translation>鼠标下控件的术语表</translation>
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
            <source>The fastest layout that fits, from the Plan tab's search: %1. Click to apply (Undo takes it back).</source>
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
            <source>Comparing ZeRO stages: a logarithmic memory axis, so that a small ZeRO-3 bar stays readable beside DDP's. Each bar is its total; the terms are stacked on the linear axis only (stacked on a log axis, their shares would look wrong).</source>
            <translation>比较 ZeRO 阶段：对数内存轴，使较小的 ZeRO-3 柱在 DDP 柱旁仍然可读。每根柱为其总量；各项只在线性轴上堆叠（在对数轴上堆叠，其占比会显得不对）。</translation>
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
            <source>all ranks</source>
            <translation>所有 rank</translation>
        </message>
        <message>
            <source>first (%1)</source>
            <translation>首段（%1）</translation>
        </message>
        <message>
            <source>mid (%1)</source>
            <translation>中段（%1）</translation>
        </message>
        <message>
            <source>last (%1)</source>
            <translation>末段（%1）</translation>
        </message>
        <message>
            <source>all</source>
            <comment>the one bar at PP 1 when the axis is narrow: all ranks</comment>
            <translation>所有</translation>
        </message>
        <message>
            <source>ZeRO stage (current: %1)</source>
            <translation>ZeRO 阶段（当前：%1）</translation>
        </message>
        <message>
            <source>Pipeline stage</source>
            <translation>流水线阶段</translation>
        </message>
        <message>
            <source>Current: ZeRO-%1</source>
            <translation>当前：ZeRO-%1</translation>
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
        <message>
            <source>Total per GPU</source>
            <translation>每 GPU 总计</translation>
        </message>
        <message>
            <source>%1: %2 in total</source>
            <translation>%1：共 %2</translation>
        </message>
        <message>
            <source>%1: %2 (%3%)</source>
            <translation>%1：%2（%3%）</translation>
        </message>
        <message>
            <source>Expert states</source>
            <translation>专家状态</translation>
        </message>
        <message>
            <source>routed experts&apos; weights %1, grads %2, master %3, optimizer %4</source>
            <translation>路由专家的权重 %1、梯度 %2、主副本 %3、优化器 %4</translation>
        </message>
        <message>
            <source>%1 expert parameters on this GPU: %2 experts per MoE layer (EP %3), expert TP %4, states sharded over expert-DP %5</source>
            <translation>此 GPU 上 %1 个专家参数：每个 MoE 层 %2 个专家（EP %3），专家 TP %4，状态在专家 DP %5 上分片</translation>
        </message>
        <message>
            <source>dense %1 (this segment) + routed experts %2 (in Expert states)</source>
            <translation>稠密部分 %1（本段）+ 路由专家 %2（在“专家状态”中）</translation>
        </message>
        <message>
            <source>Frozen base weights</source>
            <translation>冻结的基座权重</translation>
        </message>
        <message>
            <source>Adapter weights</source>
            <translation>适配器权重</translation>
        </message>
        <message>
            <source>%1 · %2</source>
            <translation>%1 · %2</translation>
        </message>
        <message>
            <source>%1 (%2 B)</source>
            <translation>%1（%2 B）</translation>
        </message>
        <message>
            <source>Trainable: %1 method, rank %2, targets %3; their gradients and optimizer states are the gradient and optimizer segments.</source>
            <translation>可训练：方法 %1，秩 %2，目标 %3；它们的梯度和优化器状态就是梯度段和优化器段。</translation>
        </message>
        <message>
            <source>Frozen: the base&apos;s linear weights in %1, embeddings, head and norms in 16 bits; no gradients, no optimizer states.</source>
            <translation>冻结：基座的线性权重为 %1，嵌入、输出头和归一化层为 16 位；没有梯度，也没有优化器状态。</translation>
        </message>
        <message>
            <source>Adapter gradients</source>
            <translation>适配器梯度</translation>
        </message>
        <message>
            <source>Adapter fp32 master weights</source>
            <translation>适配器 fp32 主权重</translation>
        </message>
        <message>
            <source>Adapter optimizer states</source>
            <translation>适配器优化器状态</translation>
        </message>
        <message>
            <source>Other terms (%1)</source>
            <translation>其他项 (%1)</translation>
        </message>
        <message>
            <source>ZeRO stage</source>
            <translation>ZeRO 阶段</translation>
        </message>
        <message>
            <source>ZeRO stages 0-3 (log scale)</source>
            <translation>ZeRO 阶段 0-3（对数刻度）</translation>
        </message>
        <message>
            <source>ZeRO stages 0-3</source>
            <translation>ZeRO 阶段 0-3</translation>
        </message>
        <message>
            <source>Shares</source>
            <translation>占比</translation>
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
            <source>Counting single GPUs, not whole %1-GPU nodes: %2 (worst rank %3)</source>
            <translation>按单个 GPU 而非每节点 %1 个 GPU 的整节点计：%2（最差 rank %3）</translation>
        </message>
        <message>
            <source>Memory per GPU vs N (thick = current stage, ● = smallest N)</source>
            <translation>每 GPU 显存随 N 的变化（粗线 = 当前阶段，● = 最小 N）</translation>
        </message>
        <message>
            <source>ZeRO-%1: never</source>
            <translation>ZeRO-%1：放不下</translation>
        </message>
        <message>
            <source>N GPUs</source>
            <translation>GPU 数 N</translation>
        </message>
        <message>
            <source>Memory per GPU vs N</source>
            <translation>每 GPU 显存随 N 的变化</translation>
        </message>
    </context>
    <context>
        <name>shardscope::Peers</name>
        <message>
            <source>DeepSpeed prints GiB (2^30 bytes) and labels them "GB", to 2 decimals</source>
            <translation>DeepSpeed 打印的是 GiB（2^30 字节），却标成“GB”，保留 2 位小数</translation>
        </message>
        <message>
            <source>DeepSpeed's estimator covers model states only: activations, logits, buffers, CUDA context and fragmentation are not modelled</source>
            <translation>DeepSpeed 的估算器只计算模型状态：激活值、logits、缓冲区、CUDA 上下文和碎片都不建模</translation>
        </message>
        <message>
            <source>this is DeepSpeed's ZeRO-%1 estimate; the scenario runs ZeRO-%2</source>
            <translation>这是 DeepSpeed 对 ZeRO-%1 的估算；场景运行的是 ZeRO-%2</translation>
        </message>
        <message>
            <source>DeepSpeed divides by all N = %1 GPUs, not by the data-parallel group d = %2 (TP x PP = %3 ignored)</source>
            <translation>DeepSpeed 除以全部 N = %1 块 GPU，而不是数据并行组 d = %2（忽略了 TP x PP = %3）</translation>
        </message>
        <message>
            <source>DeepSpeed takes nodes x GPUs per node = %1 x %2 = %3 GPUs; the scenario has %4</source>
            <translation>DeepSpeed 取节点数 x 每节点 GPU 数 = %1 x %2 = %3 块 GPU；场景中有 %4 块</translation>
        </message>
        <message>
            <source>DeepSpeed's estimator assumes 16-bit params with fp32 master and Adam; the scenario's recipe is %1 + %2 + %3 + %4 = %5 B/param</source>
            <translation>DeepSpeed 的估算器假定 16 位参数、fp32 主权重副本和 Adam；场景的配方是 %1 + %2 + %3 + %4 = %5 B/参数</translation>
        </message>
        <message>
            <source>DeepSpeed's estimator has no NVMe rows: its cpu row is shown</source>
            <translation>DeepSpeed 的估算器没有 NVMe 行：显示的是它的 cpu 行</translation>
        </message>
        <message>
            <source>2 B x P (16-bit params)</source>
            <translation>2 B x P（16 位参数）</translation>
        </message>
        <message>
            <source>on the CPU (offload_optimizer=cpu)</source>
            <translation>在 CPU 上（offload_optimizer=cpu）</translation>
        </message>
        <message>
            <source>2 B x P (16-bit grads, whole) + 4 B x P / N (fp32 grads)</source>
            <translation>2 B x P（16 位梯度，完整一份）+ 4 B x P / N（fp32 梯度）</translation>
        </message>
        <message>
            <source>4 B x P / N (fp32 params)</source>
            <translation>4 B x P / N（fp32 参数）</translation>
        </message>
        <message>
            <source>8 B x P / N (Adam momentum + variance)</source>
            <translation>8 B x P / N（Adam 的动量 + 方差）</translation>
        </message>
        <message>
            <source>2 B x P (params_16bit)</source>
            <translation>2 B x P（params_16bit）</translation>
        </message>
        <message>
            <source>(2 + 4) B x P / N (grads_16bit + grads_32bit)</source>
            <translation>(2 + 4) B x P / N（grads_16bit + grads_32bit）</translation>
        </message>
        <message>
            <source>4 B x P / N (params_32bit)</source>
            <translation>4 B x P / N（params_32bit）</translation>
        </message>
        <message>
            <source>8 B x P / N (momentum and variance)</source>
            <translation>8 B x P / N（动量和方差）</translation>
        </message>
        <message>
            <source>DeepSpeed's ZeRO-2 formula before v0.14.3 (PR #5099), still on its docs page: 4 B x P + 16 B x P / N = %1: the 16-bit grads counted whole on every GPU</source>
            <translation>DeepSpeed 在 v0.14.3（PR #5099）之前的 ZeRO-2 公式，仍在其文档页上：4 B x P + 16 B x P / N = %1：16 位梯度在每块 GPU 上按完整一份计</translation>
        </message>
        <message>
            <source>DeepSpeed's ZeRO-2 formula is 2 B x P + 18 B x P / N = %1: it adds a 4 B fp32 copy of every gradient shard to the 16 B of the ZeRO paper</source>
            <translation>DeepSpeed 的 ZeRO-2 公式是 2 B x P + 18 B x P / N = %1：它在 ZeRO 论文的 16 B 之外，为每个梯度分片再加 4 B 的 fp32 副本</translation>
        </message>
        <message>
            <source>DeepSpeed's CPU figure is per node, x %1 buffer factor, and counts the fp32 model built on the CPU before partitioning: P x max(4 N, 16) B x %2 = %3</source>
            <translation>DeepSpeed 的 CPU 数字按节点计，乘以缓冲系数 %1，并计入分片前在 CPU 上构建的 fp32 模型：P x max(4 N, 16) B x %2 = %3</translation>
        </message>
        <message>
            <source>DeepSpeed's CPU figure is per node, x %1 buffer factor, and counts the fp32 model built on the CPU before partitioning: P x 4 x GPUs per node B x %2 = %3</source>
            <translation>DeepSpeed 的 CPU 数字按节点计，乘以缓冲系数 %1，并计入分片前在 CPU 上构建的 fp32 模型：P x 4 B x（每节点 GPU 数）x %2 = %3</translation>
        </message>
        <message>
            <source>2 B x largest layer (%1 params)</source>
            <translation>2 B x 最大层（%1 个参数）</translation>
        </message>
        <message>
            <source>2 B x largest layer (fp16 grads computed whole)</source>
            <translation>2 B x 最大层（fp16 梯度按完整一份计算）</translation>
        </message>
        <message>
            <source>on the CPU (offload_param=cpu, offload_optimizer=cpu)</source>
            <translation>在 CPU 上（offload_param=cpu, offload_optimizer=cpu）</translation>
        </message>
        <message>
            <source>2 B x P / N</source>
            <translation>2 B x P / N</translation>
        </message>
        <message>
            <source>2 B x P / N (16-bit params)</source>
            <translation>2 B x P / N（16 位参数）</translation>
        </message>
        <message>
            <source>4 B x P / N (fp32 grads)</source>
            <translation>4 B x P / N（fp32 梯度）</translation>
        </message>
        <message>
            <source>DeepSpeed's ZeRO-3 estimate adds 4 B x the largest layer (%1 params) for its gathered 16-bit weights and grads: %2</source>
            <translation>DeepSpeed 的 ZeRO-3 估算为收集起来的 16 位权重和梯度加上 4 B x 最大层（%1 个参数）：%2</translation>
        </message>
        <message>
            <source>DeepSpeed's ZeRO-3 shards 18 B/param over N: 2 B 16-bit params + 4 B fp32 params, grads, momentum and variance each (the ZeRO paper's 16 B has 2 B 16-bit grads)</source>
            <translation>DeepSpeed 的 ZeRO-3 把 18 B/参数分片到 N 上：2 B 16 位参数 + fp32 参数、梯度、动量和方差各 4 B（ZeRO 论文的 16 B 中是 2 B 16 位梯度）</translation>
        </message>
        <message>
            <source>DeepSpeed's table has no row with params offloaded and the optimizer on the GPU: the row with both offloaded is shown</source>
            <translation>DeepSpeed 的表中没有“参数卸载、优化器留在 GPU 上”这一行：显示的是两者都卸载的那一行</translation>
        </message>
        <message>
            <source>CPU figure with zero_init=1: the model is partitioned as it is built (deepspeed.zero.Init)</source>
            <translation>zero_init=1 时的 CPU 数字：模型边构建边分片（deepspeed.zero.Init）</translation>
        </message>
        <message>
            <source>CPU figure with zero_init=0: every process first builds the whole fp32 model on the CPU</source>
            <translation>zero_init=0 时的 CPU 数字：每个进程先在 CPU 上构建完整的 fp32 模型</translation>
        </message>
        <message>
            <source>DeepSpeed's CPU figure is per node and includes the %1 buffer factor: %2</source>
            <translation>DeepSpeed 的 CPU 数字按节点计，并包含缓冲系数 %1：%2</translation>
        </message>
        <message>
            <source>2 B x most-loaded shard params</source>
            <translation>2 B x 负载最重分片的参数</translation>
        </message>
        <message>
            <source>4 B x shard params (fp32 grads)</source>
            <translation>4 B x 分片参数（fp32 梯度）</translation>
        </message>
        <message>
            <source>4 B x shard params / d (distributed optimizer)</source>
            <translation>4 B x 分片参数 / d（分布式优化器）</translation>
        </message>
        <message>
            <source>8 B x shard params / d (distributed optimizer)</source>
            <translation>8 B x 分片参数 / d（分布式优化器）</translation>
        </message>
        <message>
            <source>4 B x shard params (fp32 params)</source>
            <translation>4 B x 分片参数（fp32 参数）</translation>
        </message>
        <message>
            <source>8 B x shard params (Adam)</source>
            <translation>8 B x 分片参数（Adam）</translation>
        </message>
        <message>
            <source>Korthikanti Table 2, SP + selective: s b h (18 + 4 ffn/h) / t per layer x L, + embedding</source>
            <translation>Korthikanti 表 2，SP + 选择性重计算：每层 s b h (18 + 4 ffn/h) / t x L，+ 嵌入层</translation>
        </message>
        <message>
            <source>s b h (10 + 24/t) per layer x L, + embedding, x 1.05</source>
            <translation>每层 s b h (10 + 24/t) x L，+ 嵌入层，x 1.05</translation>
        </message>
        <message>
            <source>s b h x 4 (1 + V/h) / t (output layer and loss)</source>
            <translation>s b h x 4 (1 + V/h) / t（输出层和损失）</translation>
        </message>
        <message>
            <source>2 B x s b (V/t + h) x 1.05</source>
            <translation>2 B x s b (V/t + h) x 1.05</translation>
        </message>
        <message>
            <source>not on the first stage (Megatron reports the first stage)</source>
            <translation>不在第一个阶段（Megatron 报告的是第一个阶段）</translation>
        </message>
        <message>
            <source>Megatron prints MB meaning MiB (2^20 bytes), to 2 decimals</source>
            <translation>Megatron 打印“MB”，实指 MiB（2^20 字节），保留 2 位小数</translation>
        </message>
        <message>
            <source>Megatron has no ZeRO-%1: its report prices the distributed optimizer (6 + 12/d B/param), grads and 16-bit weights whole</source>
            <translation>Megatron 没有 ZeRO-%1：它的报告按分布式优化器（6 + 12/d 字节/参数）计价，梯度和 16 位权重按完整一份计</translation>
        </message>
        <message>
            <source>Megatron counts 18 B/param (2 weights + 4 fp32 grads + 4 master + 8 Adam), 6 + 12/d with the distributed optimizer; the scenario's recipe is %1 B/param</source>
            <translation>Megatron 按 18 B/参数计（2 权重 + 4 fp32 梯度 + 4 主权重副本 + 8 Adam），使用分布式优化器时为 6 + 12/d；场景的配方是 %1 B/参数</translation>
        </message>
        <message>
            <source>Megatron counts 18 B/param (2 weights + 4 fp32 grads + 4 master + 8 Adam); the scenario's recipe is %1 B/param</source>
            <translation>Megatron 按 18 B/参数计（2 权重 + 4 fp32 梯度 + 4 主权重副本 + 8 Adam）；场景的配方是 %1 B/参数</translation>
        </message>
        <message>
            <source>Megatron counts %1 params (its formula: no linear biases, vocab padded to %2 = a multiple of 128 x t); ShardScope counts %3</source>
            <translation>Megatron 计得 %1 个参数（其公式：线性层无偏置，词表填充到 %2 = 128 x t 的倍数）；ShardScope 计得 %3 个</translation>
        </message>
        <message>
            <source>Megatron's report has no full-recompute formula: it prices every layer's activations as stored; full recompute keeps 2 s b h per layer (Korthikanti Table 2)</source>
            <translation>Megatron 的报告没有完全重计算的公式：它把每层的激活值都按存储计价；完全重计算每层只保留 2 s b h（Korthikanti 表 2）</translation>
        </message>
        <message>
            <source>Megatron's report assumes the attention core is recomputed (no 5 a s/h score term); with no recompute and no FlashAttention-style kernel the scores are stored</source>
            <translation>Megatron 的报告假定注意力核心会被重计算（没有 5 a s/h 的分数项）；既不重计算又没有 FlashAttention 类内核时，注意力分数会被存储</translation>
        </message>
        <message>
            <source>Megatron's report knows selective recompute of the attention core only; torchtitan's per-op checkpointing (every other matmul output saved) has no formula there, so it is priced as selective</source>
            <translation>Megatron 的报告只知道对注意力核心的选择性重计算；torchtitan 的逐算子检查点（每隔一个 matmul 保存输出）在那里没有公式，因此按选择性重计算计价</translation>
        </message>
        <message>
            <source>without sequence parallelism Megatron uses s b h (10 + 24/t) per layer, x 1.05 overhead</source>
            <translation>没有序列并行时，Megatron 每层用 s b h (10 + 24/t)，再乘 1.05 的开销</translation>
        </message>
        <message>
            <source>Megatron's activation formula is the GPT block's (q = k = v = h, its code says so); GQA, SwiGLU and RMSNorm change the per-layer bytes ShardScope derives</source>
            <translation>Megatron 的激活值公式是 GPT 块的（q = k = v = h，其代码如此注明）；GQA、SwiGLU 和 RMSNorm 会改变 ShardScope 推导出的每层字节数</translation>
        </message>
        <message>
            <source>Megatron's report prices MoE activations as a dense MLP (Megatron-LM #1784)</source>
            <translation>Megatron 的报告把 MoE 的激活值按稠密 MLP 计价（Megatron-LM #1784）</translation>
        </message>
        <message>
            <source>Megatron spreads each kind of layer evenly over the %1 stages (L/p dense and MoE layers each) and puts the embedding and the MTP block on the same shard; ShardScope places whole layers (the dense first layers on the first stage) and reports the worst rank</source>
            <translation>Megatron 把每类层平均分到 %1 个流水线阶段（稠密层和 MoE 层各 L/p 层），并把嵌入层和 MTP 块放在同一分片上；ShardScope 按整层放置（前几个稠密层在第一阶段），并报告最差的 rank</translation>
        </message>
        <message>
            <source>Megatron counts %1 multi-token-prediction layer(s) on the most loaded shard; ShardScope's total leaves them out (the model card's main-model count)</source>
            <translation>Megatron 在负载最重的分片上计入 %1 个多 token 预测（MTP）层；ShardScope 的总数不含它们（模型卡中主模型的计数）</translation>
        </message>
        <message>
            <source>Megatron reports the first stage: all L layers' activations (p micro-batches of L/p layers) and the embedding shard; ShardScope reports the worst rank</source>
            <translation>Megatron 报告的是第一个阶段：全部 L 层的激活值（p 个微批次，每个 L/p 层）和嵌入层分片；ShardScope 报告的是最差的 rank</translation>
        </message>
        <message>
            <source>Megatron's report does not divide activations by the context-parallel size %1 and shards the distributed optimizer over d = N/(t p cp) only</source>
            <translation>Megatron 的报告没有把激活值除以上下文并行规模 %1，且只在 d = N/(t p cp) 上对分布式优化器分片</translation>
        </message>
        <message>
            <source>Megatron's report ignores ZeRO buffers, CUDA context and fragmentation</source>
            <translation>Megatron 的报告忽略了 ZeRO 缓冲区、CUDA 上下文和碎片</translation>
        </message>
        <message>
            <source>2 Psi / N_d</source>
            <translation>2 Psi / N_d</translation>
        </message>
        <message>
            <source>2 Psi</source>
            <translation>2 Psi</translation>
        </message>
        <message>
            <source>4 Psi / N_d (of K = 12)</source>
            <translation>4 Psi / N_d（属于 K = 12）</translation>
        </message>
        <message>
            <source>8 Psi / N_d (of K = 12)</source>
            <translation>8 Psi / N_d（属于 K = 12）</translation>
        </message>
        <message>
            <source>4 Psi (of K = 12)</source>
            <translation>4 Psi（属于 K = 12）</translation>
        </message>
        <message>
            <source>8 Psi (of K = 12)</source>
            <translation>8 Psi（属于 K = 12）</translation>
        </message>
        <message>
            <source>the paper fixes 2 + 2 + K = 16 B/param (K = 12: fp32 params, momentum, variance); the scenario's recipe is %1 + %2 + %3 + %4 = %5 B/param</source>
            <translation>论文固定为 2 + 2 + K = 16 B/参数（K = 12：fp32 参数、动量、方差）；场景的配方是 %1 + %2 + %3 + %4 = %5 B/参数</translation>
        </message>
        <message>
            <source>the paper divides Psi evenly over the t x p = %1 model-parallel GPUs; ShardScope's worst stage also holds the embedding</source>
            <translation>论文把 Psi 平均分到 t x p = %1 块模型并行 GPU 上；ShardScope 最差的阶段还持有嵌入层</translation>
        </message>
        <message>
            <source>P_os+g+p leaves out the layer gathered whole in forward and backward (ShardScope's ZeRO-3 gathered terms)</source>
            <translation>P_os+g+p 没有计入前向和反向时完整收集的那一层（ShardScope 中 ZeRO-3 的收集项）</translation>
        </message>
        <message>
            <source>the paper's Figure 1 has no offload (ZeRO-Offload came later); everything is on the GPU</source>
            <translation>论文的图 1 没有卸载（ZeRO-Offload 是后来才有的）；一切都在 GPU 上</translation>
        </message>
        <message>
            <source>Figure 1 counts model states only: activations and buffers are ZeRO-R's, not in these numbers</source>
            <translation>图 1 只计算模型状态：激活值和缓冲区属于 ZeRO-R，不在这些数字里</translation>
        </message>
        <message>
            <source>largest of: model 4P, grads 6P, optimizer 8P, step 8P</source>
            <translation>取最大：模型 4P、梯度 6P、优化器 8P、步骤 8P</translation>
        </message>
        <message>
            <source>largest of: 4P, 4P, 8P, step 16P</source>
            <translation>取最大：4P、4P、8P、步骤 16P</translation>
        </message>
        <message>
            <source>inside the one figure</source>
            <translation>包含在那一个数字里</translation>
        </message>
        <message>
            <source>accelerate takes the largest of its stages (model, gradients, optimizer, step), not their sum: 8 B/param for mixed precision</source>
            <translation>accelerate 取其各阶段（模型、梯度、优化器、步骤）中的最大值，而不是它们的和：混合精度为 8 B/参数</translation>
        </message>
        <message>
            <source>accelerate takes the largest of its stages (model, gradients, optimizer, step), not their sum: 16 B/param for float32</source>
            <translation>accelerate 取其各阶段（模型、梯度、优化器、步骤）中的最大值，而不是它们的和：float32 为 16 B/参数</translation>
        </message>
        <message>
            <source>accelerate estimates one device holding the whole model: no DP, ZeRO, TP or PP sharding</source>
            <translation>accelerate 估算的是装下整个模型的单个设备：没有 DP、ZeRO、TP 或 PP 分片</translation>
        </message>
        <message>
            <source>accelerate builds AutoModel, without the LM head: %1 params fewer</source>
            <translation>accelerate 构建的是 AutoModel，不含 LM 头：少 %1 个参数</translation>
        </message>
        <message>
            <source>accelerate prints binary units (1024^n) named KB/MB/GB/TB, Python round(x, 2)</source>
            <translation>accelerate 打印二进制单位（1024^n），却命名为 KB/MB/GB/TB，用 Python 的 round(x, 2)</translation>
        </message>
        <message>
            <source>accelerate's training figure is for batch size 1 with no activations</source>
            <translation>accelerate 的训练数字对应批大小 1，且不含激活值</translation>
        </message>
        <message>
            <source>ShardScope: %1 (%2) per GPU on the worst rank (%3); host %4 per node</source>
            <translation>ShardScope：最差 rank（%3）上每块 GPU %1（%2）；主机每节点 %4</translation>
        </message>
        <message>
            <source>must be a positive count</source>
            <translation>必须是正整数</translation>
        </message>
        <message>
            <source>%1 is more than the model's %2 params</source>
            <translation>%1 超过了模型的 %2 个参数</translation>
        </message>
        <message>
            <source>must be a number above 0 (DeepSpeed's default is 1.5)</source>
            <translation>必须是大于 0 的数（DeepSpeed 默认为 1.5）</translation>
        </message>
        <message>
            <source>GiB, printed "GB"</source>
            <translation>GiB，打印为“GB”</translation>
        </message>
        <message>
            <source>MiB, printed "MB"</source>
            <translation>MiB，打印为“MB”</translation>
        </message>
        <message>
            <source>GB (10^9 bytes)</source>
            <translation>GB（10^9 字节）</translation>
        </message>
        <message>
            <source>binary (1024^n), printed "bytes/KB/MB/GB/TB"</source>
            <translation>二进制（1024^n），打印为“bytes/KB/MB/GB/TB”</translation>
        </message>
        <message>
            <source>bytes (shown in GB or GiB)</source>
            <translation>字节（以 GB 或 GiB 显示）</translation>
        </message>
        <message>
            <source>DeepSpeed ZeRO-2 (legacy)</source>
            <translation>DeepSpeed ZeRO-2（旧版）</translation>
        </message>
        <message>
            <source>ZeRO paper</source>
            <translation>ZeRO 论文</translation>
        </message>
        <message>
            <source>DeepSpeed deepspeed/runtime/zero/stage_1_and_2.py, estimate_zero2_model_states_mem_needs (v0.14.3+, PR #5099)</source>
            <translation>DeepSpeed deepspeed/runtime/zero/stage_1_and_2.py，estimate_zero2_model_states_mem_needs（v0.14.3+，PR #5099）</translation>
        </message>
        <message>
            <source>DeepSpeed stage_1_and_2.py before v0.14.3 (PR #5099); docs/code-docs/source/memory.rst prints it</source>
            <translation>DeepSpeed v0.14.3（PR #5099）之前的 stage_1_and_2.py；docs/code-docs/source/memory.rst 中印有它</translation>
        </message>
        <message>
            <source>DeepSpeed deepspeed/runtime/zero/stage3.py, estimate_zero3_model_states_mem_needs</source>
            <translation>DeepSpeed deepspeed/runtime/zero/stage3.py，estimate_zero3_model_states_mem_needs</translation>
        </message>
        <message>
            <source>Megatron-LM megatron/training/theoretical_memory_usage.py, report_theoretical_memory</source>
            <translation>Megatron-LM megatron/training/theoretical_memory_usage.py，report_theoretical_memory</translation>
        </message>
        <message>
            <source>Rajbhandari et al. 2020, ZeRO, Figure 1 and Table 1 (K = 12)</source>
            <translation>Rajbhandari 等，2020，ZeRO，图 1 和表 1（K = 12）</translation>
        </message>
        <message>
            <source>accelerate src/accelerate/commands/estimate.py, estimate_training_usage</source>
            <translation>accelerate src/accelerate/commands/estimate.py，estimate_training_usage</translation>
        </message>
        <message>
            <source>ShardScope computeFootprint(), worst rank (docs/model.md)</source>
            <translation>ShardScope computeFootprint()，最差 rank（docs/model.md）</translation>
        </message>
    </context>
    <context>
        <name>shardscope::PeersModel</name>
        <message>
            <source>GPU per device</source>
            <translation>每设备 GPU</translation>
        </message>
        <message>
            <source>Host per node</source>
            <translation>每节点主机</translation>
        </message>
        <message>
            <source>The peer prints</source>
            <translation>对方的输出</translation>
        </message>
        <message>
            <source>none</source>
            <translation>无</translation>
        </message>
        <message>
            <source>ignored</source>
            <translation>未计入</translation>
        </message>
        <message>
            <source>in total</source>
            <translation>计入总数</translation>
        </message>
        <message>
            <source>Term (%1)</source>
            <translation>项（%1）</translation>
        </message>
        <message>
            <source>%1: %2</source>
            <comment>a peer's name, then one of its reasons</comment>
            <translation>%1：%2</translation>
        </message>
    </context>
    <context>
        <name>shardscope::PeersPage</name>
        <message>
            <source>What other estimators would print for this scenario, each under its own convention (units, rounding, what it counts), beside ShardScope's worst rank. "ignored": the peer does not model the term; "in total": counted only inside one figure. Hover a cell for the formula; docs/peers.md names the sources.</source>
            <translation>其他估算工具对此场景会输出什么，各按自己的约定（单位、取整、计入哪些项），与 ShardScope 最差 rank 并列。“未计入”：该工具不建模此项；“计入总数”：只计入某个总数中。悬停单元格可查看公式；出处见 docs/peers.md。</translation>
        </message>
        <message>
            <source>&lt;b&gt;Why they differ from ShardScope&lt;/b&gt;</source>
            <translation>&lt;b&gt;它们为何与 ShardScope 不同&lt;/b&gt;</translation>
        </message>
        <message>
            <source>What the peer prints, byte for byte; click a column to choose the peer</source>
            <translation>对方逐字节的输出；点击一列选择工具</translation>
        </message>
        <message>
            <source>from the architecture</source>
            <translation>由架构得出</translation>
        </message>
        <message>
            <source>DeepSpeed ZeRO-3 largest_layer_params, e.g. 262144000 or 262M</source>
            <translation>DeepSpeed ZeRO-3 的 largest_layer_params，例如 262144000 或 262M</translation>
        </message>
        <message>
            <source>DeepSpeed ZeRO-3: the model is built inside deepspeed.zero.Init</source>
            <translation>DeepSpeed ZeRO-3：模型在 deepspeed.zero.Init 中构建</translation>
        </message>
        <message>
            <source>DeepSpeed additional_buffer_factor (CPU side; default 1.5)</source>
            <translation>DeepSpeed 的 additional_buffer_factor（CPU 端；默认 1.5）</translation>
        </message>
        <message>
            <source>DeepSpeed inputs: largest layer params</source>
            <translation>DeepSpeed 输入：最大层参数量</translation>
        </message>
        <message>
            <source>buffer factor</source>
            <translation>缓冲系数</translation>
        </message>
        <message>
            <source>&lt;b&gt;What it prints&lt;/b&gt; (click a column)</source>
            <translation>&lt;b&gt;它的输出&lt;/b&gt;（点击一列）</translation>
        </message>
        <message>
            <source>No answer for this scenario: </source>
            <translation>此场景没有结果：</translation>
        </message>
        <message>
            <source>largest layer params</source>
            <translation>最大层参数量</translation>
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
        <message>
            <source>EP %1 × expert TP %2</source>
            <translation>EP %1 × 专家 TP %2</translation>
        </message>
        <message>
            <source>%1% of capacity</source>
            <translation>容量的 %1%</translation>
        </message>
        <message>
            <source>parameter offload</source>
            <translation>参数卸载</translation>
        </message>
        <message>
            <source>Look twice: a peak above %1% of the GPU&apos;s memory leaves little room for what the model does not count (allocator spikes, other processes); parameter offload moves every weight over PCIe each step</source>
            <translation>请再检查：峰值超过 GPU 显存的 %1% 时，几乎没有余量留给模型未计入的部分（分配器峰值、其他进程）；参数卸载每步都要经 PCIe 传输全部权重</translation>
        </message>
        <message>
            <source>Layouts above %1% of the GPU&apos;s capacity or relying on parameter offload</source>
            <translation>超过 GPU 容量 %1% 或依赖参数卸载的布局</translation>
        </message>
        <message>
            <source>Check</source>
            <translation>注意</translation>
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
            <source>(layouts searched: %1)</source>
            <translation>（已搜索布局：%1）</translation>
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
            <source>What "best" means: the shortest step, the highest model FLOPs utilisation, or the most tokens per second per GPU</source>
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
            <source>%1 layouts searched: %2 fit and were timed, %3 could not beat them, %4 do not fit (%5 of them skipped before their footprint) — %6 ms</source>
            <translation>搜索 %1 个布局：%2 个可放下并已计时，%3 个不可能更快，%4 个放不下（其中 %5 个在计算显存前被剪枝）— %6 毫秒</translation>
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
        <message>
            <source>Sequences per optimizer step: data-parallel replicas × micro-batch × accumulation must equal it in every layout searched (the scenario&apos;s own until you type another)</source>
            <translation>每个优化器步的序列数：搜索的每种布局中，数据并行副本数 × 微批 × 累积步数都必须等于它（在您输入其他值之前为场景自身的值）</translation>
        </message>
        <message>
            <source>Global batch:</source>
            <translation>全局批量：</translation>
        </message>
        <message>
            <source>Memory kept free on each GPU: a layout fits when its peak is within the capacity less this margin (the scenario&apos;s safety margin)</source>
            <translation>每个 GPU 上保留的空闲显存：布局的峰值不超过容量减去此余量时才算放得下（场景的安全余量）</translation>
        </message>
        <message>
            <source>Safety margin:</source>
            <translation>安全余量：</translation>
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
        <message>
            <source>One collective: %1 among %2 GPUs (an EP group), not a ring · exchange %3 of %4</source>
            <translation>单个集合通信：%2 块 GPU（一个 EP 组）之间的 %1，不是环 · 第 %3 次交换，共 %4 次</translation>
        </message>
        <message>
            <source>Start: each GPU holds its routed tokens in %1 slices, one for each GPU&apos;s experts.</source>
            <translation>开始：每块 GPU 把自己路由好的词元分成 %1 片，每片对应一块 GPU 上的专家。</translation>
        </message>
        <message>
            <source>End: each GPU holds the slices every GPU routed to its experts.</source>
            <translation>结束：每块 GPU 持有所有 GPU 路由给它的专家的那些片。</translation>
        </message>
        <message>
            <source>Each GPU sent one slice straight to the GPU %1 places to its right: every GPU sends to every other.</source>
            <translation>每块 GPU 把一片直接发给它右边第 %1 块 GPU：每块 GPU 都发给其他每块 GPU。</translation>
        </message>
        <message>
            <source>Colour = whose tokens. Illustration: exchanges are stepped by hand or played slowly, not timed.</source>
            <translation>颜色 = 谁的词元。示意：交换手动逐步或慢速播放，不按真实时间。</translation>
        </message>
        <message>
            <source>slice of GPU 0&apos;s tokens (tokens x top-k x hidden / GPUs)</source>
            <translation>GPU 0 的词元片（词元 x top-k x 隐藏维度 / GPU 数）</translation>
        </message>
        <message>
            <source>sent, not yet received</source>
            <translation>已发出，尚未收到</translation>
        </message>
        <message>
            <source>arrow: a slice sent in this exchange</source>
            <translation>箭头：本次交换发出的一片</translation>
        </message>
    </context>
    <context>
        <name>shardscope::ScenarioCommand</name>
        <message>
            <source>Change scenario</source>
            <translation>更改场景</translation>
        </message>
        <message>
            <source>Change %1 settings</source>
            <translation>更改 %1 项设置</translation>
        </message>
        <message>
            <source>Change </source>
            <translation>更改 </translation>
        </message>
        <message>
            <source>, </source>
            <translation>、</translation>
        </message>
    </context>
    <context>
        <name>shardscope::SliderSpin</name>
        <message>
            <source>%1: %2 refused; enter a value from %3 to %4.</source>
            <translation>%1：拒绝 %2；请输入 %3 到 %4 之间的值。</translation>
        </message>
    </context>
    <context>
        <name>shardscope::StepCommon</name>
        <message>
            <source>host</source>
            <translation>主机</translation>
        </message>
        <message>
            <source>%1 s</source>
            <comment>seconds</comment>
            <translation>%1 秒</translation>
        </message>
        <message>
            <source>%1 ms</source>
            <comment>milliseconds</comment>
            <translation>%1 毫秒</translation>
        </message>
        <message>
            <source>%1 µs</source>
            <comment>microseconds</comment>
            <translation>%1 微秒</translation>
        </message>
        <message>
            <source>compute</source>
            <comment>event kind: kernels on the compute stream</comment>
            <translation>计算</translation>
        </message>
        <message>
            <source>all-reduce</source>
            <comment>collective</comment>
            <translation>all-reduce（全归约）</translation>
        </message>
        <message>
            <source>reduce-scatter</source>
            <comment>collective</comment>
            <translation>reduce-scatter（归约散射）</translation>
        </message>
        <message>
            <source>all-gather</source>
            <comment>collective</comment>
            <translation>all-gather（全收集）</translation>
        </message>
        <message>
            <source>send</source>
            <comment>event kind: point-to-point send of activations or gradients to another pipeline stage</comment>
            <translation>发送</translation>
        </message>
        <message>
            <source>recv</source>
            <comment>event kind: point-to-point receive from another pipeline stage</comment>
            <translation>接收</translation>
        </message>
        <message>
            <source>h2d</source>
            <comment>event kind: copy from host memory to the GPU (offload)</comment>
            <translation>主机→GPU 拷贝</translation>
        </message>
        <message>
            <source>d2h</source>
            <comment>event kind: copy from the GPU to host memory (offload)</comment>
            <translation>GPU→主机 拷贝</translation>
        </message>
        <message>
            <source>forward</source>
            <comment>step phase: forward pass</comment>
            <translation>前向传播</translation>
        </message>
        <message>
            <source>backward</source>
            <comment>step phase: backward pass</comment>
            <translation>反向传播</translation>
        </message>
        <message>
            <source>recompute</source>
            <comment>step phase: activation recomputation (checkpointing)</comment>
            <translation>重计算</translation>
        </message>
        <message>
            <source>optimizer</source>
            <comment>step phase: the optimizer step</comment>
            <translation>优化器更新</translation>
        </message>
        <message>
            <source>all-to-all</source>
            <translation>all-to-all（全交换）</translation>
        </message>
    </context>
    <context>
        <name>shardscope::StepGpuView</name>
        <message>
            <source>idle</source>
            <translation>空闲</translation>
        </message>
        <message>
            <source>idle: waiting for another stage (bubble)</source>
            <translation>空闲：等待其他阶段（气泡）</translation>
        </message>
        <message>
            <source>waiting for %1 %2</source>
            <translation>等待 %1 %2</translation>
        </message>
        <message>
            <source>communicating</source>
            <translation>通信中</translation>
        </message>
        <message>
            <source> layer %1</source>
            <translation>，第 %1 层</translation>
        </message>
        <message>
            <source>-%1</source>
            <translation>-%1</translation>
        </message>
        <message>
            <source> LM head</source>
            <translation>，LM 头</translation>
        </message>
        <message>
            <source>TP %1 x DP %2 x PP %3 = %4 GPUs, %5 per node · rank = tp + TP (dp + DP pp)</source>
            <translation>TP %1 x DP %2 x PP %3 = %4 块 GPU，每节点 %5 块 · rank = tp + TP (dp + DP pp)</translation>
        </message>
        <message>
            <source> · showing ranks %1-%2 · x %3/%4: the other GPUs repeat them</source>
            <translation> · 显示 rank %1-%2 · x %3/%4：其余 GPU 与之相同</translation>
        </message>
        <message>
            <source>stage %1 (worst rank) now: %2 · memory %3 of %4</source>
            <translation>阶段 %1（最差 rank）当前：%2 · 显存 %3 / %4</translation>
        </message>
        <message>
            <source>node %1</source>
            <translation>节点 %1</translation>
        </message>
        <message>
            <source>GPU %1</source>
            <translation>GPU %1</translation>
        </message>
        <message>
            <source>t%1 d%2 p%3</source>
            <translation>t%1 d%2 p%3</translation>
        </message>
        <message>
            <source>peak %1</source>
            <translation>峰值 %1</translation>
        </message>
        <message>
            <source>layer %1</source>
            <translation>第 %1 层</translation>
        </message>
        <message>
            <source>embedding</source>
            <translation>嵌入层</translation>
        </message>
        <message>
            <source>LM head</source>
            <translation>LM 头</translation>
        </message>
        <message>
            <source>updated params</source>
            <translation>更新后的参数</translation>
        </message>
        <message>
            <source>activations</source>
            <translation>激活</translation>
        </message>
        <message>
            <source>%1 %2 · %3 (%4%5) · buffer %6, %7 sent per GPU</source>
            <translation>%1 %2 · %3（%4%5）· 缓冲区 %6，每 GPU 发送 %7</translation>
        </message>
        <message>
            <source>, micro-batch %1</source>
            <translation>，微批次 %1</translation>
        </message>
        <message>
            <source>%1 modelled (%2 exposed) · %3 of %4 ranks over %5 · ring step %6 of %7 · illustration: one loop per %8 s, not to scale</source>
            <translation>模型时间 %1（暴露 %2）· %4 个 rank 的%3，经 %5 · 环步 %6/%7 · 示意：每圈 %8 秒，不按比例</translation>
        </message>
        <message>
            <source>pair</source>
            <translation>点对点</translation>
        </message>
        <message>
            <source>ring</source>
            <translation>环</translation>
        </message>
        <message>
            <source>PCIe</source>
            <translation>PCIe</translation>
        </message>
        <message>
            <source>the NIC</source>
            <translation>网卡</translation>
        </message>
        <message>
            <source>NVLink</source>
            <translation>NVLink</translation>
        </message>
        <message>
            <source> · %1 of the ring drawn</source>
            <translation> · 画出环中 %1 个</translation>
        </message>
        <message>
            <source>no communication in this step (one GPU, or nothing to share)</source>
            <translation>此步没有通信（只有一块 GPU，或无需共享）</translation>
        </message>
        <message>
            <source> · showing ranks %1-%2 of %3 (stage %4) · the other stages run other layers at other times</source>
            <translation> · 显示 %3 个 rank 中的 %1-%2（阶段 %4）· 其余阶段在其他时间运行其他层</translation>
        </message>
        <message>
            <source> · showing ranks %1-%2 of %3 (stages %4-%5) · the other stages run other layers at other times</source>
            <translation> · 显示 %3 个 rank 中的 %1-%2（阶段 %4-%5）· 其余阶段在其他时间运行其他层</translation>
        </message>
        <message>
            <source>%1 at %2/s</source>
            <translation>%1，速率 %2/s</translation>
        </message>
        <message>
            <source>%1 NIC channels x %2/s = %3/s per node</source>
            <translation>%1 条网卡通道 x %2/s = 每节点 %3/s</translation>
        </message>
        <message>
            <source>%1 NIC channels x %2/s = %3/s per node, capped at NVLink's %4/s</source>
            <translation>%1 条网卡通道 x %2/s = 每节点 %3/s，受 NVLink 的 %4/s 限制</translation>
        </message>
        <message>
            <source>no communication right now (the playhead is between collectives)</source>
            <translation>此刻没有通信（播放头位于两次集合通信之间）</translation>
        </message>
        <message>
            <source>NVLink and the NIC</source>
            <translation>NVLink 和网卡</translation>
        </message>
        <message>
            <source>%1 modelled (%2 exposed) · all-to-all of %3 GPUs over %4: every GPU sends a slice (tokens x top-k x hidden) of %5 to every other · exchange %6 of %7 · illustration: one loop per %8 s, not to scale</source>
            <translation>模型 %1（暴露 %2）· %3 个 GPU 经 %4 的全交换：每个 GPU 向其他每个 GPU 发送一片（词元 x top-k x 隐藏维度）%5 · 第 %6 次交换，共 %7 次 · 示意：每 %8 秒一轮，不按比例</translation>
        </message>
    </context>
    <context>
        <name>shardscope::StepPipelineView</name>
        <message>
            <source>stage %1 · %2 in flight</source>
            <translation>阶段 %1 · 在途 %2</translation>
        </message>
        <message>
            <source>pipeline</source>
            <translation>流水线</translation>
        </message>
        <message>
            <source>interleaved 1F1B</source>
            <translation>交错式 1F1B</translation>
        </message>
        <message>
            <source>PP = 1: no pipeline. The %1 micro-batch(es) of the step run one after another on every GPU; nothing waits for another stage.</source>
            <translation>PP = 1：没有流水线。该步的 %1 个微批次在每块 GPU 上依次运行；没有阶段需要等待其他阶段。</translation>
        </message>
        <message>
            <source>%1 stages x %2 micro-batches: too many blocks to draw (the step's totals still hold).</source>
            <translation>%1 个阶段 x %2 个微批次：块太多无法绘制（该步的总计仍然有效）。</translation>
        </message>
        <message>
            <source>(p-1)/(p-1+v m) = %1/%2</source>
            <translation>(p-1)/(p-1+v m) = %1/%2</translation>
        </message>
        <message>
            <source>(p-1)/(p-1+m) = %1/%2</source>
            <translation>(p-1)/(p-1+m) = %1/%2</translation>
        </message>
        <message>
            <source>%1 · p = %2, m = %3%4 · bubble %5% of the step (ideal %6 = %7%)</source>
            <translation>%1 · p = %2，m = %3%4 · 气泡占该步 %5%（理想值 %6 = %7%）</translation>
        </message>
        <message>
            <source>, v = %1</source>
            <translation>，v = %1</translation>
        </message>
        <message>
            <source>blue: forward, green: backward (number: micro-batch); hatched: bubble</source>
            <translation>蓝色：前向，绿色：反向（数字：微批次）；斜线：气泡</translation>
        </message>
        <message>
            <source>%1 · p = %2, m = %3%4 · bubble %5% of the step</source>
            <translation>%1 · p = %2，m = %3%4 · 气泡占该步 %5%</translation>
        </message>
        <message>
            <source>p = %1, m = %2 · bubble %3%</source>
            <translation>p = %1，m = %2 · 气泡 %3%</translation>
        </message>
        <message>
            <source>blue: forward, green: backward; hatched: bubble</source>
            <translation>蓝色：前向，绿色：反向；斜线：气泡</translation>
        </message>
        <message>
            <source>blue: forward, green: backward</source>
            <translation>蓝色：前向，绿色：反向</translation>
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
            <source>Tensor parallelism: one layer's weights over TP = %1 GPUs</source>
            <translation>张量并行：一层的权重分布在 TP = %1 个 GPU 上</translation>
        </message>
        <message>
            <source>TP = 1: every GPU holds each layer's matrices whole</source>
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
        <name>shardscope::StepView</name>
        <message>
            <source>Back</source>
            <translation>后退</translation>
        </message>
        <message>
            <source>Previous event (Left)</source>
            <translation>上一个事件（左方向键）</translation>
        </message>
        <message>
            <source>Play</source>
            <translation>播放</translation>
        </message>
        <message>
            <source>Play / pause (Space)</source>
            <translation>播放/暂停（空格）</translation>
        </message>
        <message>
            <source>Next</source>
            <translation>前进</translation>
        </message>
        <message>
            <source>Next event (Right)</source>
            <translation>下一个事件（右方向键）</translation>
        </message>
        <message>
            <source>Speed (+/-): at 1x the step plays in %1 s</source>
            <translation>速度（+/-）：1x 时该步播放 %1 秒</translation>
        </message>
        <message>
            <source>One collective</source>
            <translation>单个集合通信</translation>
        </message>
        <message>
            <source>Show one collective on a ring of 4 GPUs, hop by hop (] next hop, [ previous)</source>
            <translation>在 4 块 GPU 组成的环上逐跳展示一个集合通信（] 下一跳，[ 上一跳）</translation>
        </message>
        <message>
            <source>no step for this scenario</source>
            <translation>此场景没有训练步</translation>
        </message>
        <message>
            <source>In the modelled step the largest %1 is %2 %3 over %4 GPUs: %5 buffer, %6 sent per GPU in %7 hops, %8.</source>
            <translation>在建模的训练步中，最大的 %1 是在 %4 块 GPU 上的 %2 %3：缓冲区 %5，每 GPU 分 %7 跳发送 %6，%8。</translation>
        </message>
        <message>
            <source>The modelled step has no %1.</source>
            <translation>建模的训练步中没有 %1。</translation>
        </message>
        <message>
            <source>Pause</source>
            <translation>暂停</translation>
        </message>
        <message>
            <source>No scenario.</source>
            <translation>没有场景。</translation>
        </message>
        <message>
            <source>Cannot model this step: %1</source>
            <translation>无法建模此训练步：%1</translation>
        </message>
        <message>
            <source>%1 / %2 · event %3 of %4</source>
            <translation>%1 / %2 · 事件 %3/%4</translation>
        </message>
        <message>
            <source>&lt;span style='color:#d94a3d'&gt;⚠ No step for this scenario: %1. Showing the last valid step.&lt;/span&gt;&lt;br&gt;</source>
            <translation>&lt;span style='color:#d94a3d'&gt;⚠ 此场景没有训练步：%1。显示上一个有效的训练步。&lt;/span&gt;&lt;br&gt;</translation>
        </message>
        <message>
            <source>TP 1: no tensor split</source>
            <translation>TP 1：不切分张量</translation>
        </message>
        <message>
            <source>PP 1: no pipeline</source>
            <translation>PP 1：没有流水线</translation>
        </message>
        <message>
            <source>&lt;b&gt;Step %1&lt;/b&gt; · %2 TFLOP/s per GPU · MFU %3% · %4 tokens/s per GPU · compute %5, recompute %6, exposed comm %7 (hidden %8), bubble %9, optimizer %10 · %11 · kernel efficiency %12 (not an MFU)%13</source>
            <translation>&lt;b&gt;训练步 %1&lt;/b&gt; · 每 GPU %2 TFLOP/s · MFU %3% · 每 GPU %4 token/s · 计算 %5，重算 %6，暴露通信 %7（隐藏 %8），气泡 %9，优化器 %10 · %11 · 内核效率 %12（不是 MFU）%13</translation>
        </message>
        <message>
            <source>fits</source>
            <translation>放得下</translation>
        </message>
        <message>
            <source>&lt;span style='color:#d94a3d'&gt;does not fit&lt;/span&gt;</source>
            <translation>&lt;span style='color:#d94a3d'&gt;放不下&lt;/span&gt;</translation>
        </message>
        <message>
            <source> · events merged (%1 layers, %2 blocks each)</source>
            <translation> · 事件已合并（每个 %1 层，%2 个块）</translation>
        </message>
        <message>
            <source>TFLOP/s per GPU counts the FLOPs executed, recomputation included; MFU counts the model's FLOPs only. The kernel efficiency is the fraction of peak the GEMM kernels reach: a property of the kernels, not an MFU.</source>
            <translation>每 GPU 的 TFLOP/s 统计实际执行的 FLOP（含重算）；MFU 只统计模型的 FLOP。内核效率是 GEMM 内核达到的峰值比例：是内核的属性，不是 MFU。</translation>
        </message>
        <message>
            <source>Pipeline schedule</source>
            <translation>流水线调度</translation>
        </message>
        <message>
            <source>Timeline</source>
            <translation>时间线</translation>
        </message>
        <message>
            <source>Memory over the step</source>
            <translation>训练步内的显存</translation>
        </message>
        <message>
            <source>TP split</source>
            <translation>TP 切分</translation>
        </message>
        <message>
            <source>&lt;b&gt;Expert all-to-all&lt;/b&gt; · %1 per step on this GPU (dispatch and combine, forward and backward, per MoE layer and micro-batch) · %2 each, %3 in all%4 · each sends %5 to the other %6 GPUs of its EP group</source>
            <translation>&lt;b&gt;专家 all-to-all&lt;/b&gt; · 此 GPU 每步 %1 次（分发与合并，前向与反向，每个 MoE 层和微批次）· 每次 %2，共 %3%4 · 每个 GPU 向其 EP 组的其他 %6 个 GPU 发送 %5</translation>
        </message>
        <message>
            <source> · the overlap&apos;s own cost %1 (Megatron-Core&apos;s measured cost per MoE layer and micro-batch, in the MLP&apos;s time)</source>
            <translation> · 重叠本身的开销 %1（Megatron-Core 实测的每个 MoE 层、每个微批次的开销，计入 MLP 的时间）</translation>
        </message>
        <message>
            <source> · the dropless dispatcher&apos;s synchronisation leaves the GPU idle %1 (Megatron-Core&apos;s measured idle per MoE layer forward and micro-batch, in the MLP&apos;s time)</source>
            <translation> · 无丢弃分发器的同步使 GPU 空闲 %1（Megatron-Core 实测的每个 MoE 层前向、每个微批次的空闲时间，计入 MLP 的时间）</translation>
        </message>
        <message>
            <source>, overlapped with compute (what it cannot cover is in the MLP&apos;s time)</source>
            <translation>，与计算重叠（无法掩盖的部分计入 MLP 时间）</translation>
        </message>
        <message>
            <source>, exposed (in the MLP&apos;s time)</source>
            <translation>，暴露（计入 MLP 时间）</translation>
        </message>
        <message>
            <source>One all-to-all: %1 tokens enter this GPU&apos;s dispatcher, each sent to %2 expert copies (top-k x capacity factor) of %3 each; %4 leave this GPU, %5 over NVLink and %6 over the NIC (the EP group spans %7 nodes). %8 per GPU per step in all (docs/model.md, &quot;MoE all-to-all&quot;).</source>
            <translation>一次 all-to-all：%1 个 token 进入此 GPU 的分发器，每个发送到 %2 个专家副本（top-k x 容量因子），每份 %3；%4 离开此 GPU，其中 %5 走 NVLink，%6 走网卡（EP 组跨 %7 个节点）。每个 GPU 每步共 %8（docs/model.md，“MoE all-to-all”）。</translation>
        </message>
    </context>
    <context>
        <name>shardscope::TermStyle</name>
        <message>
            <source>Parameters</source>
            <translation>参数</translation>
        </message>
        <message>
            <source>Gradients</source>
            <translation>梯度</translation>
        </message>
        <message>
            <source>fp32 master weights</source>
            <translation>fp32 主权重</translation>
        </message>
        <message>
            <source>Optimizer states</source>
            <translation>优化器状态</translation>
        </message>
        <message>
            <source>Activations</source>
            <translation>激活</translation>
        </message>
        <message>
            <source>Logits</source>
            <translation>Logits</translation>
        </message>
        <message>
            <source>ZeRO-3 gathered params</source>
            <translation>ZeRO-3 收集的参数</translation>
        </message>
        <message>
            <source>ZeRO-3 unsharded grads</source>
            <translation>ZeRO-3 未分片梯度</translation>
        </message>
        <message>
            <source>Comm. buckets</source>
            <translation>通信桶</translation>
        </message>
        <message>
            <source>fp8 transients</source>
            <translation>fp8 临时数据</translation>
        </message>
        <message>
            <source>CUDA context</source>
            <translation>CUDA 上下文</translation>
        </message>
        <message>
            <source>Fragmentation</source>
            <translation>碎片</translation>
        </message>
        <message>
            <source>The model's weights held by this GPU, in the recipe's weight precision.</source>
            <translation>此 GPU 持有的模型权重，采用精度方案中的权重精度。</translation>
        </message>
        <message>
            <source>Gradients of this GPU's parameters, in the recipe's gradient precision.</source>
            <translation>此 GPU 参数的梯度，采用精度方案中的梯度精度。</translation>
        </message>
        <message>
            <source>The fp32 master copy of the weights that mixed-precision optimizers update.</source>
            <translation>混合精度优化器所更新的 fp32 主权重副本。</translation>
        </message>
        <message>
            <source>Optimizer states, e.g. Adam's first and second moments.</source>
            <translation>优化器状态，例如 Adam 的一阶和二阶矩。</translation>
        </message>
        <message>
            <source>Layer outputs saved in the forward pass for the backward pass, for every micro-batch in flight.</source>
            <translation>前向传播中为反向传播保存的各层输出，每个在途微批次各一份。</translation>
        </message>
        <message>
            <source>The output logits and the fp32 copy the loss is computed on (last stage).</source>
            <translation>输出 logits 及计算损失所用的 fp32 副本（最后一个阶段）。</translation>
        </message>
        <message>
            <source>ZeRO-3/FSDP: full 16-bit weights of the block in use and the prefetched next one.</source>
            <translation>ZeRO-3/FSDP：正在使用的块和预取的下一个块的完整 16 位权重。</translation>
        </message>
        <message>
            <source>ZeRO-3/FSDP: a block's full gradients in backward before the reduce-scatter shards them.</source>
            <translation>ZeRO-3/FSDP：反向传播中一个块的完整梯度，在 reduce-scatter（归约散射）把它们分片之前。</translation>
        </message>
        <message>
            <source>Communication buckets: DDP's gradient copies or ZeRO's reduce/all-gather buckets.</source>
            <translation>通信桶：DDP 的梯度副本或 ZeRO 的 reduce/all-gather（全收集）桶。</translation>
        </message>
        <message>
            <source>fp8 recipes: fp8 copies of a layer's weights and saved fp8 GEMM inputs.</source>
            <translation>fp8 方案：一层权重的 fp8 副本和保存的 fp8 GEMM 输入。</translation>
        </message>
        <message>
            <source>CUDA context, cuBLAS/cuDNN workspaces and NCCL buffers.</source>
            <translation>CUDA 上下文、cuBLAS/cuDNN 工作区和 NCCL 缓冲区。</translation>
        </message>
        <message>
            <source>Memory the caching allocator holds but cannot use (a fraction of the rest).</source>
            <translation>缓存分配器占用但无法使用的显存（其余部分的一个比例）。</translation>
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
        <message>
            <source>Running the mini trainer (%1 ranks)…</source>
            <translation>迷你训练器运行中（%1 个 rank）…</translation>
        </message>
        <message>
            <source>not translated into %1: shown in English</source>
            <translation>没有%1翻译：显示英文</translation>
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
            <source>Rank 0 sent %1 MB in %2 ring messages (replayed in "Replay the ring messages").</source>
            <translation>Rank 0 在 %2 条环形消息中发送了 %1 MB（见“回放环形消息”）。</translation>
        </message>
        <message>
            <source>Cannot run: </source>
            <translation>无法运行：</translation>
        </message>
        <message>
            <source>The run failed: </source>
            <translation>运行失败：</translation>
        </message>
        <message>
            <source>Cancelled after %1 of %2 steps. </source>
            <translation>在 %2 步中的第 %1 步后取消。</translation>
        </message>
        <message>
            <source>Done: %1 steps. </source>
            <translation>完成：%1 步。</translation>
        </message>
        <message>
            <source>Loss %1 -&gt; %2. </source>
            <translation>损失 %1 -&gt; %2。</translation>
        </message>
        <message>
            <source>Rank 0 sent %1 MB in %2 ring messages.</source>
            <translation>Rank 0 以 %2 条环消息发送了 %1 MB。</translation>
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
            <source>Play the step's hops in recorded order</source>
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
            <source>Bytes the rank sends in the step by the ring: every chunk but its own in a reduce-scatter, every chunk but its right neighbour's in an all-gather</source>
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
            <source>Over the step every rank's chunks add up to the same share, so each rank sends exactly that.</source>
            <translation>在整个步中每个 rank 的块加起来份额相同，因此每个 rank 恰好发送这么多。</translation>
        </message>
        <message>
            <source>The ranks' chunks differ in size (a shorter last chunk, or a layer's slice split unevenly), so their bytes differ (Predicted, from the chunk bounds); together they send %1 B = %2 × the formula.</source>
            <translation>各 rank 的块大小不同（最后一块较短，或某层的切片划分不均），因此字节数不同（预测列按块边界计算）；它们合计发送 %1 B = %2 × 公式值。</translation>
        </message>
        <message>
            <source>Measured: every rank's step total equals its prediction.</source>
            <translation>实测：每个 rank 的本步合计等于其预测值。</translation>
        </message>
        <message>
            <source>Measured: the step totals differ from the prediction.</source>
            <translation>实测：本步合计与预测不符。</translation>
        </message>
    </context>
    <context>
        <name>shardscope::ValidationChart</name>
        <message>
            <source>Measured (each row's own metric)</source>
            <translation>实测值（各行自身的指标）</translation>
        </message>
        <message>
            <source>Measured (%1)</source>
            <translation>实测值 (%1)</translation>
        </message>
        <message>
            <source>Predicted (each row's own metric)</source>
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
    <context>
        <name>shardscope::Import</name>
        <message>
            <source>ignored (no effect on memory): </source>
            <translation>已忽略（不影响显存）：</translation>
        </message>
        <message>
            <source>%1: unknown key, ignored</source>
            <translation>%1：未知键，已忽略</translation>
        </message>
        <message>
            <source>optimizer.type %1: modelled as Adam (two fp32 states per parameter)</source>
            <translation>optimizer.type %1：按 Adam 建模（每个参数两个 fp32 状态）</translation>
        </message>
        <message>
            <source>optimizer.type Adagrad: one fp32 state per parameter, modelled as SGD with momentum</source>
            <translation>optimizer.type Adagrad：每个参数一个 fp32 状态，按带动量的 SGD 建模</translation>
        </message>
        <message>
            <source>optimizer.type '%1' is not modelled: the recipe's optimizer states are assumed</source>
            <translation>optimizer.type '%1' 未建模：采用配方中的优化器状态</translation>
        </message>
        <message>
            <source>zero_optimization.stage not given: stage 0 (DeepSpeed's default)</source>
            <translation>zero_optimization.stage 未给出：阶段 0（DeepSpeed 默认值）</translation>
        </message>
        <message>
            <source>zero_optimization.offload_optimizer.ratio %1: partial offload is not modelled (all optimizer states offloaded)</source>
            <translation>zero_optimization.offload_optimizer.ratio %1：不建模部分卸载（卸载全部优化器状态）</translation>
        </message>
        <message>
            <source>zero_optimization.offload_param is ignored at stage %1: DeepSpeed offloads parameters only at stage 3</source>
            <translation>zero_optimization.offload_param 在阶段 %1 被忽略：DeepSpeed 仅在阶段 3 卸载参数</translation>
        </message>
        <message>
            <source>zero_optimization.offload_optimizer is ignored at stage 0: DeepSpeed offloads the optimizer with stages 1-3</source>
            <translation>zero_optimization.offload_optimizer 在阶段 0 被忽略：DeepSpeed 在阶段 1-3 卸载优化器</translation>
        </message>
        <message>
            <source>zero_optimization.reduce_bucket_size is auto: hidden^2 = %1 elements (the Hugging Face Trainer's rule)</source>
            <translation>zero_optimization.reduce_bucket_size 为 auto：hidden^2 = %1 个元素（Hugging Face Trainer 的规则）</translation>
        </message>
        <message>
            <source>zero_optimization.allgather_bucket_size is auto: the scenario's %1 elements</source>
            <translation>zero_optimization.allgather_bucket_size 为 auto：沿用场景的 %1 个元素</translation>
        </message>
        <message>
            <source>stage3_prefetch_bucket_size is auto: 0.9 x hidden^2 = %1 elements (the Hugging Face Trainer's rule)</source>
            <translation>stage3_prefetch_bucket_size 为 auto：0.9 x hidden^2 = %1 个元素（Hugging Face Trainer 的规则）</translation>
        </message>
        <message>
            <source>stage3_prefetch_bucket_size %1 elements</source>
            <translation>stage3_prefetch_bucket_size %1 个元素</translation>
        </message>
        <message>
            <source>capped by stage3_max_live_parameters %1 (room for %2 units in all)</source>
            <translation>受 stage3_max_live_parameters %1 限制（总共可容纳 %2 个单元）</translation>
        </message>
        <message>
            <source>ZeRO-3 prefetch: %1 unit(s) of %2 params beside the one in use (%3)</source>
            <translation>ZeRO-3 预取：除正在使用的单元外还有 %1 个单元，每个 %2 个参数（%3）</translation>
        </message>
        <message>
            <source>the scenario's</source>
            <translation>沿用场景的值</translation>
        </message>
        <message>
            <source>zero_optimization.stage3_param_persistence_threshold: parameters below it stay unsharded; not modelled (norms and biases, a tiny share of the model)</source>
            <translation>zero_optimization.stage3_param_persistence_threshold：低于该阈值的参数不分片；未建模（归一化和偏置，只占模型的极小部分）</translation>
        </message>
        <message>
            <source>no zero_optimization block: ZeRO stage 0 (DeepSpeed's default)</source>
            <translation>没有 zero_optimization 块：ZeRO 阶段 0（DeepSpeed 默认值）</translation>
        </message>
        <message>
            <source>fp16/bf16 enabled is auto: the scenario's recipe %1 (%2 B/param) stays</source>
            <translation>fp16/bf16 enabled 为 auto：保留场景的配方 %1（%2 B/参数）</translation>
        </message>
        <message>
            <source>neither fp16 nor bf16 enabled: fp32 training (DeepSpeed's default), recipe fp32</source>
            <translation>未启用 fp16 或 bf16：fp32 训练（DeepSpeed 默认值），配方 fp32</translation>
        </message>
        <message>
            <source>%1 with data_types.grad_accum_dtype fp32: recipe megatron-bf16 (2+4+4+8 B/param)</source>
            <translation>%1 且 data_types.grad_accum_dtype 为 fp32：配方 megatron-bf16（2+4+4+8 B/参数）</translation>
        </message>
        <message>
            <source>bf16: the scenario's fp8-mixed recipe stays (fp8 linears are set in the model code, not in the DeepSpeed config)</source>
            <translation>bf16：保留场景的 fp8-mixed 配方（fp8 线性层在模型代码中设置，不在 DeepSpeed 配置中）</translation>
        </message>
        <message>
            <source>%1: recipe mixed (16-bit weights and grads, fp32 master and optimizer states: 2+2+4+8 B/param)</source>
            <translation>%1：配方 mixed（16 位权重和梯度，fp32 主权重副本和优化器状态：2+2+4+8 B/参数）</translation>
        </message>
        <message>
            <source>train_micro_batch_size_per_gpu is auto: the scenario's micro-batch %1</source>
            <translation>train_micro_batch_size_per_gpu 为 auto：沿用场景的微批次 %1</translation>
        </message>
        <message>
            <source>gradient_accumulation_steps is auto: the scenario's %1</source>
            <translation>gradient_accumulation_steps 为 auto：沿用场景的 %1</translation>
        </message>
        <message>
            <source>gradient_accumulation_steps derived: train_batch_size %1 / (micro-batch %2 x dp %3) = %4</source>
            <translation>gradient_accumulation_steps 推导得出：train_batch_size %1 / (微批次 %2 x dp %3) = %4</translation>
        </message>
        <message>
            <source>train_micro_batch_size_per_gpu derived: train_batch_size %1 / (accumulation %2 x dp %3) = %4</source>
            <translation>train_micro_batch_size_per_gpu 推导得出：train_batch_size %1 / (累积 %2 x dp %3) = %4</translation>
        </message>
        <message>
            <source>train_micro_batch_size_per_gpu derived: train_batch_size %1 / (gradient_accumulation_steps %2 x dp %3) = %4</source>
            <translation>train_micro_batch_size_per_gpu 推导得出：train_batch_size %1 / (gradient_accumulation_steps %2 x dp %3) = %4</translation>
        </message>
        <message>
            <source>train_micro_batch_size_per_gpu not given: the scenario's micro-batch %1</source>
            <translation>train_micro_batch_size_per_gpu 未给出：沿用场景的微批次 %1</translation>
        </message>
        <message>
            <source>dp %1 derived: train_batch_size %2 = micro-batch %3 x accumulation %4 x dp %1; gpus set to %5 (dp %1 x tp %6 x pp %7; was %8)</source>
            <translation>dp %1 推导得出：train_batch_size %2 = 微批次 %3 x 累积 %4 x dp %1；gpus 设为 %5（dp %1 x tp %6 x pp %7；原为 %8）</translation>
        </message>
        <message>
            <source>train_batch_size is auto: micro-batch %1 x accumulation %2 x dp %3 = %4</source>
            <translation>train_batch_size 为 auto：微批次 %1 x 累积 %2 x dp %3 = %4</translation>
        </message>
        <message>
            <source>activation_checkpointing: full recompute (the block configures the checkpointing the model code calls)</source>
            <translation>activation_checkpointing：完全重计算（该块配置模型代码调用的激活检查点）</translation>
        </message>
        <message>
            <source>activation_checkpointing.partition_activations: not modelled (checkpoints are counted whole on each TP rank)</source>
            <translation>activation_checkpointing.partition_activations：未建模（检查点在每个 TP rank 上按完整大小计算）</translation>
        </message>
        <message>
            <source>activation_checkpointing.cpu_checkpointing: not modelled (checkpoints counted on the GPU)</source>
            <translation>activation_checkpointing.cpu_checkpointing：未建模（检查点按在 GPU 上计算）</translation>
        </message>
        <message>
            <source>recipe %1 (%2+%3+%4+%5 B/param) has no DeepSpeed equivalent (DeepSpeed keeps fp32 master weights and states with fp16/bf16): written as bf16 mixed precision (2+2+4+8)</source>
            <translation>配方 %1（%2+%3+%4+%5 B/参数）在 DeepSpeed 中没有对应项（DeepSpeed 在 fp16/bf16 下保留 fp32 主权重和状态）：写为 bf16 混合精度（2+2+4+8）</translation>
        </message>
        <message>
            <source>optimizer adam8bit: DeepSpeed has no 8-bit Adam; no optimizer block written (pass bitsandbytes' optimizer from the client)</source>
            <translation>优化器 adam8bit：DeepSpeed 没有 8 位 Adam；未写入 optimizer 块（请在客户端代码中传入 bitsandbytes 的优化器）</translation>
        </message>
        <message>
            <source>NVMe offload: add "nvme_path" (the NVMe mount) to the offload blocks</source>
            <translation>NVMe 卸载：请在 offload 块中添加 "nvme_path"（NVMe 挂载点）</translation>
        </message>
        <message>
            <source>checkpointing %1: DeepSpeed's config says nothing about it (the model code decides); no activation_checkpointing block written</source>
            <translation>激活检查点 %1：DeepSpeed 配置不涉及它（由模型代码决定）；未写入 activation_checkpointing 块</translation>
        </message>
        <message>
            <source>TP %1 x PP %2: DeepSpeed's config does not carry them (Megatron-DeepSpeed takes them as arguments); train_batch_size counts dp = %3</source>
            <translation>TP %1 x PP %2：DeepSpeed 配置不包含它们（Megatron-DeepSpeed 以参数传入）；train_batch_size 按 dp = %3 计算</translation>
        </message>
        <message>
            <source>distributed_type %1: plain data parallelism, ZeRO stage 0</source>
            <translation>distributed_type %1：普通数据并行，ZeRO 阶段 0</translation>
        </message>
        <message>
            <source>fsdp_config.fsdp_sharding_strategy not given: FULL_SHARD (FSDP's default), ZeRO stage 3</source>
            <translation>fsdp_config.fsdp_sharding_strategy 未给出：FULL_SHARD（FSDP 默认值），ZeRO 阶段 3</translation>
        </message>
        <message>
            <source>HYBRID_SHARD shards within a node (%1 GPUs) and replicates across nodes: modelled as sharding over all %2 data-parallel ranks, which understates model states on more than one node</source>
            <translation>HYBRID_SHARD 在节点内（%1 个 GPU）分片、跨节点复制：按在全部 %2 个数据并行 rank 上分片建模，多于一个节点时会低估模型状态</translation>
        </message>
        <message>
            <source>fsdp_offload_params: params, grads and the optimizer step on CPU (offload params and optimizer: cpu)</source>
            <translation>fsdp_offload_params：参数、梯度和优化器步骤在 CPU 上（卸载参数和优化器：cpu）</translation>
        </message>
        <message>
            <source>fsdp_offload_params at ZeRO stage %1: modelled as optimizer offload only (parameter offload needs full sharding)</source>
            <translation>ZeRO 阶段 %1 下的 fsdp_offload_params：仅按优化器卸载建模（参数卸载需要完全分片）</translation>
        </message>
        <message>
            <source>fsdp_activation_checkpointing off: checkpointing left to the model code, the scenario's '%1'</source>
            <translation>fsdp_activation_checkpointing 关闭：激活检查点交由模型代码，沿用场景的 '%1'</translation>
        </message>
        <message>
            <source>no fsdp_config block: FULL_SHARD (FSDP's default), ZeRO stage 3</source>
            <translation>没有 fsdp_config 块：FULL_SHARD（FSDP 默认值），ZeRO 阶段 3</translation>
        </message>
        <message>
            <source>mixed_precision %1: recipe %2 (%3 B/param)</source>
            <translation>mixed_precision %1：配方 %2（%3 B/参数）</translation>
        </message>
        <message>
            <source>num_processes %1 on %2 machine(s): %1 GPUs, %3 per node</source>
            <translation>num_processes %1，%2 台机器：%1 个 GPU，每节点 %3 个</translation>
        </message>
        <message>
            <source>num_machines %1 without num_processes: %1 x %2 GPUs per node = %3 GPUs</source>
            <translation>num_machines %1 但没有 num_processes：%1 x 每节点 %2 个 GPU = %3 个 GPU</translation>
        </message>
        <message>
            <source>ZeRO-1: FSDP has no optimizer-only sharding; written as SHARD_GRAD_OP (ZeRO-2)</source>
            <translation>ZeRO-1：FSDP 没有只分片优化器的模式；写为 SHARD_GRAD_OP（ZeRO-2）</translation>
        </message>
        <message>
            <source>offload optimizer %1, params %2: FSDP offloads params, grads and optimizer to CPU together (no NVMe); written as fsdp_offload_params: %3</source>
            <translation>卸载优化器 %1、参数 %2：FSDP 将参数、梯度和优化器一起卸载到 CPU（无 NVMe）；写为 fsdp_offload_params: %3</translation>
        </message>
        <message>
            <source>recipe %1: accelerate's mixed_precision knows no, fp16, bf16 and fp8; written as bf16 (read back as recipe mixed)</source>
            <translation>配方 %1：accelerate 的 mixed_precision 只有 no、fp16、bf16 和 fp8；写为 bf16（读回时为配方 mixed）</translation>
        </message>
        <message>
            <source>checkpointing %1: left to the model code (fsdp_activation_checkpointing: false)</source>
            <translation>激活检查点 %1：交由模型代码（fsdp_activation_checkpointing: false）</translation>
        </message>
        <message>
            <source>%1 prefetch units: FSDP prefetches one unit (BACKWARD_PRE)</source>
            <translation>%1 个预取单元：FSDP 只预取一个单元（BACKWARD_PRE）</translation>
        </message>
        <message>
            <source>TP %1 x PP %2: not part of an accelerate FSDP config</source>
            <translation>TP %1 x PP %2：不属于 accelerate FSDP 配置</translation>
        </message>
        <message>
            <source>optimizer %1: chosen in the training script, not in the accelerate config</source>
            <translation>优化器 %1：在训练脚本中选择，不在 accelerate 配置中</translation>
        </message>
        <message>
            <source>micro-batch %1, accumulation %2, sequence %3: training script arguments</source>
            <translation>微批次 %1、累积 %2、序列 %3：训练脚本参数</translation>
        </message>
        <message>
            <source>%1 GPUs do not fill %2 nodes of %3 evenly</source>
            <translation>%1 个 GPU 无法均匀填满 %2 个各含 %3 个 GPU 的节点</translation>
        </message>
        <message>
            <source>torchrun: %1 node(s) x %2 processes = %3 GPUs</source>
            <translation>torchrun：%1 个节点 x %2 个进程 = %3 个 GPU</translation>
        </message>
        <message>
            <source>--%1 %2: not modelled</source>
            <translation>--%1 %2：未建模</translation>
        </message>
        <message>
            <source>--num-query-groups without --group-query-attention: ignored, as Megatron does</source>
            <translation>--num-query-groups 而没有 --group-query-attention：与 Megatron 一样忽略</translation>
        </message>
        <message>
            <source>--ffn-hidden-size not given: %1 (Megatron's default%2)</source>
            <translation>--ffn-hidden-size 未给出：%1（Megatron 默认值%2）</translation>
        </message>
        <message>
            <source> with SwiGLU: 4h x 2/3 rounded down to 64</source>
            <translation>，使用 SwiGLU：4h x 2/3 向下取整到 64 的倍数</translation>
        </message>
        <message>
            <source>vocabulary %1 padded to %2, a multiple of make-vocab-size-divisible-by %3 x tp %4, as Megatron does</source>
            <translation>词表 %1 填充到 %2，即 make-vocab-size-divisible-by %3 x tp %4 的倍数，与 Megatron 一致</translation>
        </message>
        <message>
            <source>no --vocab-size (Megatron takes it from the tokenizer): the scenario's %1</source>
            <translation>没有 --vocab-size（Megatron 从分词器获取）：沿用场景的 %1</translation>
        </message>
        <message>
            <source>the model's shape is preset %1</source>
            <translation>模型形状为预设 %1</translation>
        </message>
        <message>
            <source>interleaved schedule: %1 chunks per GPU (%2 layers / (pp %3 x %4))</source>
            <translation>交错调度：每个 GPU %1 个块（%2 层 / (pp %3 x %4)）</translation>
        </message>
        <message>
            <source>%1: recipe megatron-bf16 (fp32 gradient accumulation: 2+4+4+8 B/param)</source>
            <translation>%1：配方 megatron-bf16（fp32 梯度累积：2+4+4+8 B/参数）</translation>
        </message>
        <message>
            <source>neither --bf16 nor --fp16: fp32 training (Megatron's default)</source>
            <translation>既无 --bf16 也无 --fp16：fp32 训练（Megatron 默认值）</translation>
        </message>
        <message>
            <source>--recompute-method / --recompute-num-layers: modelled as every layer recomputed</source>
            <translation>--recompute-method / --recompute-num-layers：按每层都重计算建模</translation>
        </message>
        <message>
            <source>accumulation %1 micro-batches = global batch %2 / (micro-batch %3 x dp %4)</source>
            <translation>累积 %1 个微批次 = 全局批次 %2 / (微批次 %3 x dp %4)</translation>
        </message>
        <message>
            <source>GPipe schedule: Megatron runs 1F1B; read back as 1f1b</source>
            <translation>GPipe 调度：Megatron 运行 1F1B；读回时为 1f1b</translation>
        </message>
        <message>
            <source>vpp %1 without the interleaved schedule: not written</source>
            <translation>vpp %1 但未使用交错调度：未写入</translation>
        </message>
        <message>
            <source>biases (qkv %1, attention out %2, MLP %3): Megatron has all, none, or QKV only; written as none</source>
            <translation>偏置（qkv %1、注意力输出 %2、MLP %3）：Megatron 只支持全部、无或仅 QKV；写为无</translation>
        </message>
        <message>
            <source>%1 norms per layer: Megatron has 2</source>
            <translation>每层 %1 个归一化：Megatron 为 2 个</translation>
        </message>
        <message>
            <source>vocabulary %1 is not a multiple of tp %2: Megatron pads it to %3</source>
            <translation>词表 %1 不是 tp %2 的倍数：Megatron 将其填充到 %3</translation>
        </message>
        <message>
            <source>a bare count of %1 parameters: written as its GPT shape (%2 parameters)</source>
            <translation>仅有参数数量 %1：按其 GPT 形状写出（%2 个参数）</translation>
        </message>
        <message>
            <source>the model's name '%1' is not carried (Megatron describes the shape); read back as '%2'</source>
            <translation>模型名称 '%1' 不会保留（Megatron 只描述形状）；读回时为 '%2'</translation>
        </message>
        <message>
            <source>recipe %1: Megatron's precisions are fp32, fp16 (2+2+4+8), bf16 (2+4+4+8) and fp8; written as --bf16</source>
            <translation>配方 %1：Megatron 的精度有 fp32、fp16（2+2+4+8）、bf16（2+4+4+8）和 fp8；写为 --bf16</translation>
        </message>
        <message>
            <source>optimizer %1: Megatron has adam (decoupled weight decay) and sgd; written as adam</source>
            <translation>优化器 %1：Megatron 有 adam（解耦权重衰减）和 sgd；写为 adam</translation>
        </message>
        <message>
            <source>NVMe optimizer offload: Megatron offloads to CPU only; not written</source>
            <translation>NVMe 优化器卸载：Megatron 只卸载到 CPU；未写入</translation>
        </message>
        <message>
            <source>parameter offload: Megatron has none; not written</source>
            <translation>参数卸载：Megatron 不支持；未写入</translation>
        </message>
        <message>
            <source>FlashAttention off: Megatron's attention backend decides; --use-flash-attn not written</source>
            <translation>FlashAttention 关闭：由 Megatron 的注意力后端决定；未写入 --use-flash-attn</translation>
        </message>
        <message>
            <source>%1 GPUs (dp %2): the launcher's world size, not a Megatron argument</source>
            <translation>%1 个 GPU（dp %2）：由启动器的 world size 决定，不是 Megatron 参数</translation>
        </message>
        <message>
            <source>%1%2: unknown key, ignored</source>
            <translation>%1%2：未知键，已忽略</translation>
        </message>
        <message>
            <source>scenario.params: %1 is derived from the model (%2); the file's value is ignored</source>
            <translation>scenario.params：%1 由模型推导（%2）；忽略文件中的值</translation>
        </message>
        <message>
            <source>scenario.dp: %1 is derived (gpus / (tp x pp x cp) = %2); the file's value is ignored</source>
            <translation>scenario.dp：%1 为推导值（gpus / (tp x pp x cp) = %2）；忽略文件中的值</translation>
        </message>
        <message>
            <source>: no format header; read as the "scenario" of a `shardscope estimate --format json` result</source>
            <translation>：没有格式头；按 `shardscope estimate --format json` 结果中的 "scenario" 读取</translation>
        </message>
        <message>
            <source>: %1: unknown key, ignored</source>
            <translation>：%1：未知键，已忽略</translation>
        </message>
        <message>
            <source>--seq not given: using %1's context of %2 tokens (its learned positions)</source>
            <translation>--seq 未给出：使用 %1 的 %2 个 token 上下文（其学习到的位置编码）</translation>
        </message>
        <message>
            <source>nothing</source>
            <translation>空值</translation>
        </message>
        <message>
            <source>null</source>
            <translation>null</translation>
        </message>
        <message>
            <source>a boolean</source>
            <translation>布尔值</translation>
        </message>
        <message>
            <source>a number</source>
            <translation>数字</translation>
        </message>
        <message>
            <source>a string</source>
            <translation>字符串</translation>
        </message>
        <message>
            <source>a list</source>
            <translation>列表</translation>
        </message>
        <message>
            <source>a mapping</source>
            <translation>映射</translation>
        </message>
        <message>
            <source>(top level)</source>
            <translation>（顶层）</translation>
        </message>
        <message>
            <source>expected a mapping of keys, got %1</source>
            <translation>应为键的映射，实际为 %1</translation>
        </message>
        <message>
            <source>expected a number, got %1</source>
            <translation>应为数字，实际为 %1</translation>
        </message>
        <message>
            <source>expected a whole number, got %1</source>
            <translation>应为整数，实际为 %1</translation>
        </message>
        <message>
            <source>%1 is out of range (%2 to %3)</source>
            <translation>%1 超出范围（%2 到 %3）</translation>
        </message>
        <message>
            <source>expected true or false, got %1</source>
            <translation>应为 true 或 false，实际为 %1</translation>
        </message>
        <message>
            <source>expected a string, got %1</source>
            <translation>应为字符串，实际为 %1</translation>
        </message>
        <message>
            <source>'auto' is not a device: use none, cpu or nvme</source>
            <translation>'auto' 不是设备：请用 none、cpu 或 nvme</translation>
        </message>
        <message>
            <source>'%1' must be none, cpu or nvme</source>
            <translation>'%1' 必须是 none、cpu 或 nvme</translation>
        </message>
        <message>
            <source>not a DeepSpeed config: none of DeepSpeed's keys (zero_optimization, train_batch_size, train_micro_batch_size_per_gpu, fp16, bf16, optimizer, ...)</source>
            <translation>不是 DeepSpeed 配置：没有任何 DeepSpeed 键（zero_optimization、train_batch_size、train_micro_batch_size_per_gpu、fp16、bf16、optimizer 等）</translation>
        </message>
        <message>
            <source>'auto' is not a stage: use 0, 1, 2 or 3</source>
            <translation>'auto' 不是阶段：请用 0、1、2 或 3</translation>
        </message>
        <message>
            <source>fp16 and bf16 are both enabled; DeepSpeed allows one</source>
            <translation>fp16 和 bf16 同时启用；DeepSpeed 只允许其一</translation>
        </message>
        <message>
            <source>the optimizer block needs a type (Adam, AdamW, SGD, ...)</source>
            <translation>optimizer 块需要 type（Adam、AdamW、SGD 等）</translation>
        </message>
        <message>
            <source>%1 is not a multiple of micro-batch %2 x gradient_accumulation_steps %3 (train_batch_size = micro x accumulation x dp)</source>
            <translation>%1 不是微批次 %2 x gradient_accumulation_steps %3 的倍数（train_batch_size = 微批次 x 累积步数 x dp）</translation>
        </message>
        <message>
            <source>implies a micro-batch of %1 per GPU</source>
            <translation>意味着每块 GPU 的微批次为 %1</translation>
        </message>
        <message>
            <source>line %1, column %2</source>
            <translation>第 %1 行，第 %2 列</translation>
        </message>
        <message>
            <source>nested more than 64 levels deep</source>
            <translation>嵌套超过 64 层</translation>
        </message>
        <message>
            <source>more than %1 values (aliases that expand without end?); an accelerate config has a few dozen</source>
            <translation>超过 %1 个值（无限展开的别名？）；accelerate 配置只有几十个</translation>
        </message>
        <message>
            <source>a list of %1 items; an accelerate config has short lists</source>
            <translation>含 %1 项的列表；accelerate 配置中的列表都很短</translation>
        </message>
        <message>
            <source>%1 keys; an accelerate config has a few dozen (at most %2 here)</source>
            <translation>%1 个键；accelerate 配置只有几十个（此处最多 %2 个）</translation>
        </message>
        <message>
            <source>keys must be plain names (%1)</source>
            <translation>键必须是普通名称（%1）</translation>
        </message>
        <message>
            <source>'%1' must be FULL_SHARD, SHARD_GRAD_OP, NO_SHARD, HYBRID_SHARD (or 1-4)</source>
            <translation>'%1' 必须是 FULL_SHARD、SHARD_GRAD_OP、NO_SHARD、HYBRID_SHARD（或 1-4）</translation>
        </message>
        <message>
            <source>the file is empty (expected an accelerate config YAML)</source>
            <translation>文件为空（应为 accelerate 配置 YAML）</translation>
        </message>
        <message>
            <source>far too many keys, lines or aliases for an accelerate config (it has a few dozen keys)</source>
            <translation>对 accelerate 配置而言键、行或别名过多（它只有几十个键）</translation>
        </message>
        <message>
            <source> (is the file truncated?)</source>
            <translation>（文件是否被截断？）</translation>
        </message>
        <message>
            <source>expected a YAML mapping (key: value lines) at the top level</source>
            <translation>顶层应为 YAML 映射（key: value 行）</translation>
        </message>
        <message>
            <source>not an accelerate config: it has neither distributed_type nor fsdp_config</source>
            <translation>不是 accelerate 配置：既没有 distributed_type 也没有 fsdp_config</translation>
        </message>
        <message>
            <source>this accelerate config uses DeepSpeed: pass its deepspeed_config_file with --deepspeed-config</source>
            <translation>此 accelerate 配置使用 DeepSpeed：请用 --deepspeed-config 传入其 deepspeed_config_file</translation>
        </message>
        <message>
            <source>'%1': expected FSDP (or MULTI_GPU for DDP)</source>
            <translation>'%1'：应为 FSDP（DDP 则为 MULTI_GPU）</translation>
        </message>
        <message>
            <source>'%1' must be BACKWARD_PRE, BACKWARD_POST or NO_PREFETCH</source>
            <translation>'%1' 必须是 BACKWARD_PRE、BACKWARD_POST 或 NO_PREFETCH</translation>
        </message>
        <message>
            <source>'%1' must be no, fp16, bf16 or fp8</source>
            <translation>'%1' 必须是 no、fp16、bf16 或 fp8</translation>
        </message>
        <message>
            <source>%1 processes do not split evenly over %2 machines</source>
            <translation>%1 个进程无法平均分配到 %2 台机器上</translation>
        </message>
        <message>
            <source>'%1' must be a number</source>
            <translation>'%1' 必须是数字</translation>
        </message>
        <message>
            <source>'%1' must be a whole number from 1 to %2 (got %3)</source>
            <translation>'%1' 必须是 1 到 %2 之间的整数（实际为 %3）</translation>
        </message>
        <message>
            <source>'%1' must be true or false</source>
            <translation>'%1' 必须是 true 或 false</translation>
        </message>
        <message>
            <source>num_attention_heads %1 does not divide hidden_size %2 and no head_dim is given</source>
            <translation>num_attention_heads %1 不能整除 hidden_size %2，且未给出 head_dim</translation>
        </message>
        <message>
            <source>not valid JSON at %1: %2</source>
            <translation>JSON 无效（%1）：%2</translation>
        </message>
        <message>
            <source>the top level must be a JSON object</source>
            <translation>顶层必须是 JSON 对象</translation>
        </message>
        <message>
            <source>'model_type' is missing or not a string (supported: %1)</source>
            <translation>'model_type' 缺失或不是字符串（支持：%1）</translation>
        </message>
        <message>
            <source>model_type '%1' is not supported (supported: %2)</source>
            <translation>不支持 model_type '%1'（支持：%2）</translation>
        </message>
        <message>
            <source>an unterminated quote (is the argument list truncated?)</source>
            <translation>引号未闭合（参数列表是否被截断？）</translation>
        </message>
        <message>
            <source>is a flag and takes no value (got '%1')</source>
            <translation>是开关参数，不接受值（实际为 '%1'）</translation>
        </message>
        <message>
            <source>needs a value</source>
            <translation>需要一个值</translation>
        </message>
        <message>
            <source>'%1' is a shell variable: expand it first</source>
            <translation>'%1' 是 shell 变量：请先展开它</translation>
        </message>
        <message>
            <source>'%1' is not a whole number</source>
            <translation>'%1' 不是整数</translation>
        </message>
        <message>
            <source>'%1' is not a number</source>
            <translation>'%1' 不是数字</translation>
        </message>
        <message>
            <source>the argument list is over 1 MB; is this the right text?</source>
            <translation>参数列表超过 1 MB；文本是否正确？</translation>
        </message>
        <message>
            <source>invalid UTF-8 in the argument list</source>
            <translation>参数列表中有无效的 UTF-8</translation>
        </message>
        <message>
            <source>'%1' is a file; --megatron-args takes the arguments themselves: --megatron-args "$(cat %1)"</source>
            <translation>'%1' 是文件；--megatron-args 接受参数本身：--megatron-args "$(cat %1)"</translation>
        </message>
        <message>
            <source>no Megatron-LM arguments (--name value) in '%1'</source>
            <translation>'%1' 中没有 Megatron-LM 参数（--name value）</translation>
        </message>
        <message>
            <source>%1 describe the model, which needs --num-layers, --hidden-size and --num-attention-heads as well</source>
            <translation>%1 描述模型，而模型还需要 --num-layers、--hidden-size 和 --num-attention-heads</translation>
        </message>
        <message>
            <source>Megatron needs --num-layers, --hidden-size and --num-attention-heads together</source>
            <translation>Megatron 需要同时给出 --num-layers、--hidden-size 和 --num-attention-heads</translation>
        </message>
        <message>
            <source>learned absolute positions (Megatron's default) need --max-position-embeddings</source>
            <translation>可学习的绝对位置编码（Megatron 默认）需要 --max-position-embeddings</translation>
        </message>
        <message>
            <source>'%1' must be learned_absolute, rope or none</source>
            <translation>'%1' 必须是 learned_absolute、rope 或 none</translation>
        </message>
        <message>
            <source>'%1' must be LayerNorm or RMSNorm</source>
            <translation>'%1' 必须是 LayerNorm 或 RMSNorm</translation>
        </message>
        <message>
            <source>%1 layers do not split into pp %2 x %3-layer chunks</source>
            <translation>%1 层无法切分为 pp %2 x 每块 %3 层</translation>
        </message>
        <message>
            <source>'%1' must be no_shard, optim, optim_grads or optim_grads_params</source>
            <translation>'%1' 必须是 no_shard、optim、optim_grads 或 optim_grads_params</translation>
        </message>
        <message>
            <source>--bf16 and --fp16 are alternatives</source>
            <translation>--bf16 和 --fp16 只能二选一</translation>
        </message>
        <message>
            <source>'%1' must be adam or sgd</source>
            <translation>'%1' 必须是 adam 或 sgd</translation>
        </message>
        <message>
            <source>'%1' must be full or selective</source>
            <translation>'%1' 必须是 full 或 selective</translation>
        </message>
        <message>
            <source>tp %1 x pp %2 does not divide the %3 GPUs</source>
            <translation>tp %1 x pp %2 不能整除 %3 块 GPU</translation>
        </message>
        <message>
            <source>%1 is not a multiple of micro-batch %2 x dp %3 (dp = %4 GPUs / (tp %5 x pp %6))</source>
            <translation>%1 不是微批次 %2 x dp %3 的倍数（dp = %4 块 GPU / (tp %5 x pp %6)）</translation>
        </message>
        <message>
            <source>an array</source>
            <translation>数组</translation>
        </message>
        <message>
            <source>an object</source>
            <translation>对象</translation>
        </message>
        <message>
            <source>expected an integer, got %1</source>
            <translation>应为整数，实际为 %1</translation>
        </message>
        <message>
            <source>'%1' must be one of %2</source>
            <translation>'%1' 必须是以下之一：%2</translation>
        </message>
        <message>
            <source>'%1' must be layernorm or rmsnorm</source>
            <translation>'%1' 必须是 layernorm 或 rmsnorm</translation>
        </message>
        <message>
            <source>unknown model '%1' and no "architecture" object to describe it</source>
            <translation>未知模型 '%1'，且没有描述它的 "architecture" 对象</translation>
        </message>
        <message>
            <source>expected an object, got %1</source>
            <translation>应为对象，实际为 %1</translation>
        </message>
        <message>
            <source>unknown optimizer '%1' (known: %2)</source>
            <translation>未知优化器 '%1'（已知：%2）</translation>
        </message>
        <message>
            <source>expected an array of term names, got %1</source>
            <translation>应为项名称数组，实际为 %1</translation>
        </message>
        <message>
            <source>entry %1 is not a term name (params, grads, master, optimizer, activations, logits, zero3_gathered_params, zero3_unsharded_grads, comm_buckets, fp8_transients, cuda_context, fragmentation)</source>
            <translation>第 %1 项不是项名称（params、grads、master、optimizer、activations、logits、zero3_gathered_params、zero3_unsharded_grads、comm_buckets、fp8_transients、cuda_context、fragmentation）</translation>
        </message>
        <message>
            <source>the file is empty (expected a ShardScope scenario file: {"format": "shardscope-scenario", ...})</source>
            <translation>文件为空（应为 ShardScope 场景文件：{"format": "shardscope-scenario", ...}）</translation>
        </message>
        <message>
            <source>this is a DeepSpeed config, not a ShardScope scenario file: use --deepspeed-config</source>
            <translation>这是 DeepSpeed 配置，不是 ShardScope 场景文件：请用 --deepspeed-config</translation>
        </message>
        <message>
            <source>this is a Hugging Face config.json, not a ShardScope scenario file: use --hf-config</source>
            <translation>这是 Hugging Face 的 config.json，不是 ShardScope 场景文件：请用 --hf-config</translation>
        </message>
        <message>
            <source>not a ShardScope scenario file: the "format" key is missing (expected "format": "shardscope-scenario")</source>
            <translation>不是 ShardScope 场景文件：缺少 "format" 键（应为 "format": "shardscope-scenario"）</translation>
        </message>
        <message>
            <source>not a ShardScope scenario file: "format" is %1, expected "%2"</source>
            <translation>不是 ShardScope 场景文件："format" 为 %1，应为 "%2"</translation>
        </message>
        <message>
            <source>"version" must be a positive integer (this ShardScope writes version %1)</source>
            <translation>"version" 必须是正整数（此版 ShardScope 写入版本 %1）</translation>
        </message>
        <message>
            <source>the file is scenario format version %1; this ShardScope (%2) reads versions up to %3: update ShardScope to open it</source>
            <translation>该文件是场景格式版本 %1；此 ShardScope（%2）只能读取到版本 %3：请更新 ShardScope 后打开</translation>
        </message>
        <message>
            <source>the file is scenario format version %1, written by ShardScope %2; this ShardScope (%3) reads versions up to %4: update ShardScope to open it</source>
            <translation>该文件是场景格式版本 %1，由 ShardScope %2 写入；此 ShardScope（%3）只能读取到版本 %4：请更新 ShardScope 后打开</translation>
        </message>
        <message>
            <source>"scenario" must be an object, got %1</source>
            <translation>"scenario" 必须是对象，实际为 %1</translation>
        </message>
        <message>
            <source>no such file</source>
            <translation>文件不存在</translation>
        </message>
        <message>
            <source>is a folder, not a file</source>
            <translation>是文件夹，不是文件</translation>
        </message>
        <message>
            <source>the file is %1 MB; config files are at most %2 MB (is this the right file?)</source>
            <translation>文件大小为 %1 MB；配置文件最多 %2 MB（文件是否正确？）</translation>
        </message>
        <message>
            <source>more than %1 MB; config files are smaller (is this the right file?)</source>
            <translation>超过 %1 MB；配置文件更小（文件是否正确？）</translation>
        </message>
        <message>
            <source>invalid UTF-8 (byte 0x%1 at offset %2); save the file as UTF-8</source>
            <translation>无效的 UTF-8（偏移 %2 处的字节 0x%1）；请以 UTF-8 保存文件</translation>
        </message>
        <message>
            <source>the file is empty (expected a JSON object)</source>
            <translation>文件为空（应为 JSON 对象）</translation>
        </message>
        <message>
            <source> (Python literals: JSON spells them true, false and null)</source>
            <translation>（Python 字面量：JSON 中写作 true、false 和 null）</translation>
        </message>
        <message>
            <source>expected a JSON object at the top level, got an array</source>
            <translation>顶层应为 JSON 对象，实际为数组</translation>
        </message>
        <message>
            <source>&apos;%1&apos; must be between 1 and 64</source>
            <translation>“%1”必须介于 1 和 64 之间</translation>
        </message>
        <message>
            <source>&apos;%1&apos;: ShardScope reads 1 or dense first layers as ([0]*K+[1]*M) with K + M = --num-layers</source>
            <translation>“%1”：ShardScope 只读取 1 或形如 ([0]*K+[1]*M) 且 K + M = --num-layers 的稠密前置层</translation>
        </message>
        <message>
            <source>every %1-th layer MoE: Megatron&apos;s --moe-layer-freq counts from the first layer; not written</source>
            <translation>每第 %1 层为 MoE：Megatron 的 --moe-layer-freq 从第一层起计数；未写出</translation>
        </message>
        <message>
            <source>&apos;mlp_only_layers&apos; lists dense layers: only an empty list is supported</source>
            <translation>“mlp_only_layers”列出稠密层：只支持空列表</translation>
        </message>
        <message>
            <source>&apos;moe_layer_freq&apos; other than 1 is not supported</source>
            <translation>不支持不等于 1 的“moe_layer_freq”</translation>
        </message>
        <message>
            <source>--vpp %1 without --schedule: using the interleaved schedule</source>
            <translation>--vpp %1 未指定 --schedule：使用交错流水线调度（interleaved）</translation>
        </message>
        <message>
            <source>--vpp %1 has no effect without a pipeline (PP 1)</source>
            <translation>--vpp %1 在没有流水线（PP 1）时不起作用</translation>
        </message>
        <message>
            <source>needs --recompute-granularity selective (Megatron reads the modules only then)</source>
            <translation>需要 --recompute-granularity selective（只有这时 Megatron 才读取这些模块）</translation>
        </message>
        <message>
            <source>&apos;%1&apos; must be core_attn, layernorm, moe_act, mla_up_proj, mlp, moe or shared_experts</source>
            <translation>&apos;%1&apos; 必须是 core_attn、layernorm、moe_act、mla_up_proj、mlp、moe 或 shared_experts</translation>
        </message>
        <message>
            <source>--recompute-modules %1: not modelled (the step prices no rerun of whole MLPs or MoE layers)</source>
            <translation>--recompute-modules %1：未建模（步骤时间不计入整个 MLP 或 MoE 层的重算）</translation>
        </message>
    </context>
    <context>
        <name>shardscope::StepGanttView</name>
        <message>
            <source>compute</source>
            <translation>计算</translation>
        </message>
        <message>
            <source>TP comm</source>
            <translation>TP 通信</translation>
        </message>
        <message>
            <source>DP comm</source>
            <translation>DP 通信</translation>
        </message>
        <message>
            <source>PP comm</source>
            <translation>PP 通信</translation>
        </message>
        <message>
            <source>host</source>
            <translation>主机</translation>
        </message>
        <message>
            <source>bubble</source>
            <translation>气泡</translation>
        </message>
        <message>
            <source>forward</source>
            <translation>前向</translation>
        </message>
        <message>
            <source>recompute</source>
            <translation>重计算</translation>
        </message>
        <message>
            <source>backward</source>
            <translation>反向</translation>
        </message>
        <message>
            <source>optimizer</source>
            <translation>优化器</translation>
        </message>
        <message>
            <source>exposed comm</source>
            <translation>暴露的通信</translation>
        </message>
        <message>
            <source>hidden comm</source>
            <translation>隐藏的通信</translation>
        </message>
        <message>
            <source>worst rank</source>
            <translation>最差 rank</translation>
        </message>
        <message>
            <source>EP all-to-all</source>
            <translation>EP 全交换</translation>
        </message>
        <message>
            <source>all-to-all (EP)</source>
            <translation>全交换 (EP)</translation>
        </message>
    </context>
    <context>
        <name>shardscope::StepMemoryView</name>
        <message>
            <source>allocated</source>
            <translation>已分配</translation>
        </message>
        <message>
            <source>reserved</source>
            <translation>已预留</translation>
        </message>
        <message>
            <source>device used</source>
            <translation>设备已用</translation>
        </message>
        <message>
            <source>capacity %1 (%2)</source>
            <translation>容量 %1（%2）</translation>
        </message>
        <message>
            <source>peak %1 (%2) = the footprint's worst rank%3</source>
            <translation>峰值 %1（%2）= 显存占用中最差的 rank%3</translation>
        </message>
        <message>
            <source>: does not fit</source>
            <translation>：放不下</translation>
        </message>
        <message>
            <source>memory</source>
            <translation>显存</translation>
        </message>
        <message>
            <source>Memory (%1) of the worst rank (stage %2) over the step: activations rise in forward and fall in backward; gathers, grads and buffers come and go</source>
            <translation>最差 rank（阶段 %2）在一步中的显存（%1）：激活值在前向中上升、在反向中下降；聚合、梯度和缓冲区时有时无</translation>
        </message>
        <message>
            <source>Memory (%1) of the worst rank (stage %2) over the step</source>
            <translation>最差 rank（阶段 %2）在一步中的显存（%1）</translation>
        </message>
        <message>
            <source>capacity %1</source>
            <translation>容量 %1</translation>
        </message>
        <message>
            <source>peak %1 (%2)%3</source>
            <translation>峰值 %1（%2）%3</translation>
        </message>
        <message>
            <source>peak %1%2</source>
            <translation>峰值 %1%2</translation>
        </message>
        <message>
            <source>Memory (%1), stage %2</source>
            <translation>显存（%1），阶段 %2</translation>
        </message>
    </context>
    <context>
        <name>shardscope::Tour</name>
        <message>
            <source>caption.%1: {%2} has no finite value in this step&apos;s scenario</source>
            <translation>caption.%1：{%2} 在此步骤的场景中没有有限值</translation>
        </message>
        <message>
            <source>the tour&apos;s &apos;train&apos; runs add up to more than %1 rank-steps (ranks x steps); train in fewer steps</source>
            <translation>本导览的 &apos;train&apos; 运行合计超过 %1 个秩步（秩数 x 步数）；请减少训练步数</translation>
        </message>
        <message>
            <source>'train' must be an object {strategy, ranks, steps}</source>
            <translation>'train' 必须是对象 {strategy, ranks, steps}</translation>
        </message>
        <message>
            <source>unknown key '%1' in train (expected strategy, ranks, steps, bf16)</source>
            <translation>train 中的未知键 '%1'（应为 strategy、ranks、steps、bf16）</translation>
        </message>
        <message>
            <source>unknown strategy '%1' (single, ddp, zero1, zero2, zero3, naive-zero)</source>
            <translation>未知策略 '%1'（single、ddp、zero1、zero2、zero3、naive-zero）</translation>
        </message>
        <message>
            <source>'%1' must be an integer from %2 to %3</source>
            <translation>'%1' 必须是 %2 到 %3 之间的整数</translation>
        </message>
        <message>
            <source>'bf16' must be true or false</source>
            <translation>'bf16' 必须是 true 或 false</translation>
        </message>
        <message>
            <source>%1: line %2: %3</source>
            <translation>%1：第 %2 行：%3</translation>
        </message>
        <message>
            <source>'%1' is missing</source>
            <translation>缺少 '%1'</translation>
        </message>
        <message>
            <source>'%1' must be a string</source>
            <translation>'%1' 必须是字符串</translation>
        </message>
        <message>
            <source>'%1' is missing (an object with "en", "ru", "zh_CN")</source>
            <translation>缺少 '%1'（包含 "en"、"ru"、"zh_CN" 的对象）</translation>
        </message>
        <message>
            <source>'%1' must be an object of texts by language ("en", "ru", "zh_CN")</source>
            <translation>'%1' 必须是按语言给出文本的对象（"en"、"ru"、"zh_CN"）</translation>
        </message>
        <message>
            <source>unknown language '%1' (expected en, ru or zh_CN)</source>
            <translation>未知语言 '%1'（应为 en、ru 或 zh_CN）</translation>
        </message>
        <message>
            <source>'%1.%2' must be a non-empty string</source>
            <translation>'%1.%2' 必须是非空字符串</translation>
        </message>
        <message>
            <source>'%1' has no English text ("en")</source>
            <translation>'%1' 没有英文文本（"en"）</translation>
        </message>
        <message>
            <source>unknown quantity {%1} (docs/tours.md lists the quantities)</source>
            <translation>未知量 {%1}（docs/tours.md 列出了可用的量）</translation>
        </message>
        <message>
            <source>'%1.%2' shows {%3} but the English text shows {%4}</source>
            <translation>'%1.%2' 显示 {%3}，但英文文本显示 {%4}</translation>
        </message>
        <message>
            <source>the scenario of this step is invalid: %1</source>
            <translation>此步骤的场景无效：%1</translation>
        </message>
        <message>
            <source>unknown key '%1' (expected one of: %2)</source>
            <translation>未知键 '%1'（应为以下之一：%2）</translation>
        </message>
        <message>
            <source>'format' must be "%1"</source>
            <translation>'format' 必须是 "%1"</translation>
        </message>
        <message>
            <source>'version' must be a positive integer</source>
            <translation>'version' 必须是正整数</translation>
        </message>
        <message>
            <source>tour format version %1 is newer than this ShardScope reads (%2)</source>
            <translation>导览格式版本 %1 比此版 ShardScope 可读取的版本（%2）更新</translation>
        </message>
        <message>
            <source>'id' must be lower-case letters, digits and dashes (got '%1')</source>
            <translation>'id' 只能由小写字母、数字和连字符组成（得到 '%1'）</translation>
        </message>
        <message>
            <source>'base' must be an object of scenario keys</source>
            <translation>'base' 必须是由场景键组成的对象</translation>
        </message>
        <message>
            <source>'steps' must be a non-empty array</source>
            <translation>'steps' 必须是非空数组</translation>
        </message>
        <message>
            <source>a tour has at most %1 steps (this one has %2)</source>
            <translation>一个导览最多 %1 步（此导览有 %2 步）</translation>
        </message>
        <message>
            <source>step %1 must be an object</source>
            <translation>第 %1 步必须是对象</translation>
        </message>
        <message>
            <source>unknown key '%1' in step %2 (expected one of: %3)</source>
            <translation>第 %2 步中的未知键 '%1'（应为以下之一：%3）</translation>
        </message>
        <message>
            <source>'set' must be an object of scenario keys</source>
            <translation>'set' 必须是由场景键组成的对象</translation>
        </message>
        <message>
            <source>'tab' must be "memory", "step" or "train" (got '%1')</source>
            <translation>'tab' 必须是 "memory"、"step" 或 "train"（得到 '%1'）</translation>
        </message>
        <message>
            <source>unknown key '%1' in highlight (expected element, term, bar)</source>
            <translation>highlight 中的未知键 '%1'（应为 element、term、bar）</translation>
        </message>
        <message>
            <source>a bar segment can be highlighted only in 'memory-per-gpu' (got '%1')</source>
            <translation>只能在 'memory-per-gpu' 中高亮柱段（得到 '%1'）</translation>
        </message>
        <message>
            <source>unknown term '%1' (core's term keys: params, grads, master, optimizer, ...)</source>
            <translation>未知项 '%1'（核心的项键：params、grads、master、optimizer……）</translation>
        </message>
        <message>
            <source>'bar' must be an integer from 0 to 63 (the bar's index from the left)</source>
            <translation>'bar' 必须是 0 到 63 之间的整数（从左数的柱序号）</translation>
        </message>
        <message>
            <source>unknown highlight '%1' (expected one of: %2)</source>
            <translation>未知高亮 '%1'（应为以下之一：%2）</translation>
        </message>
        <message>
            <source>'controls' must be an array of control names</source>
            <translation>'controls' 必须是控件名称数组</translation>
        </message>
        <message>
            <source>unknown control '%1' (expected one of: %2)</source>
            <translation>未知控件 '%1'（应为以下之一：%2）</translation>
        </message>
        <message>
            <source>'claims' must be an array</source>
            <translation>'claims' 必须是数组</translation>
        </message>
        <message>
            <source>a claim must be an object {source, quantity, says, holds}</source>
            <translation>论断必须是对象 {source, quantity, says, holds}</translation>
        </message>
        <message>
            <source>unknown quantity '%1'</source>
            <translation>未知量 '%1'</translation>
        </message>
        <message>
            <source>'says' must be a number</source>
            <translation>'says' 必须是数字</translation>
        </message>
        <message>
            <source>'holds' must be true or false</source>
            <translation>'holds' 必须是 true 或 false</translation>
        </message>
        <message>
            <source>'play' must be true or false</source>
            <translation>'play' 必须是 true 或 false</translation>
        </message>
        <message>
            <source>no tour named '%1' and no such file (shardscope tour --list lists the tours)</source>
            <translation>没有名为 '%1' 的导览，也没有此文件（shardscope tour --list 列出所有导览）</translation>
        </message>
        <message>
            <source>%1: line %2: step %3: </source>
            <translation>%1：第 %2 行：第 %3 步：</translation>
        </message>
        <message>
            <source>caption.%1: %2</source>
            <translation>caption.%1：%2</translation>
        </message>
        <message>
            <source>%1: line %2: step %3: %4 says %5 = %6 and the claim is marked true, but core gives %7</source>
            <translation>%1：第 %2 行：第 %3 步：%4 称 %5 = %6，且该论断标为成立，但核心给出 %7</translation>
        </message>
        <message>
            <source>%1: line %2: step %3: %4 says %5 = %6 and the claim is marked false, but core agrees (%7)</source>
            <translation>%1：第 %2 行：第 %3 步：%4 称 %5 = %6，且该论断标为不成立，但核心与之一致（%7）</translation>
        </message>
        <message>
            <source>caption.%1 states %2, which is neither a quantity of this step's scenario nor a claim's number (use a {quantity} placeholder)</source>
            <translation>caption.%1 写出了 %2，它既不是此步骤场景的量，也不是论断中的数字（请使用 {quantity} 占位符）</translation>
        </message>
        <message>
            <source>{%1} needs a step with "train"</source>
            <translation>{%1} 需要带 "train" 的步骤</translation>
        </message>
        <message>
            <source>the scenario does not fit (%1 GB of %2 GB per GPU) and caption.%3 does not say so</source>
            <translation>场景放不下（每块 GPU 只有 %2 GB，需要 %1 GB），而 caption.%3 没有说明</translation>
        </message>
        <message>
            <source>caption.%1 says the scenario does not fit, but it fits (%2 GB of %3 GB per GPU)</source>
            <translation>caption.%1 说场景放不下，但它放得下（每块 GPU %3 GB 中用 %2 GB）</translation>
        </message>
    </context>
    <context>
        <name>FormulaWords</name>
        <message>
            <source>buffers are the gathered params and unsharded grads</source>
            <translation>缓冲区就是收集起来的参数和未分片的梯度</translation>
        </message>
        <message>
            <source>reduces in place in its contiguous grad buffer</source>
            <translation>在其连续梯度缓冲区内原地归约</translation>
        </message>
        <message>
            <source>the stage's unsharded grads accumulate over the micro-batches</source>
            <translation>该阶段未分片的梯度在各微批次间累积</translation>
        </message>
        <message>
            <source>only the last stage computes the logits</source>
            <translation>只有最后一个阶段计算 logits</translation>
        </message>
        <message>
            <source>gradient accumulation runs them in turn</source>
            <translation>梯度累积依次运行它们</translation>
        </message>
        <message>
            <source>stay gathered from forward to backward</source>
            <translation>从前向到反向一直保持收集状态</translation>
        </message>
        <message>
            <source>weight cast and its transpose for the layer in use</source>
            <translation>当前层的权重转换及其转置</translation>
        </message>
        <message>
            <source>Megatron's contiguous main-grad buffer</source>
            <translation>Megatron 的连续 main-grad 缓冲区</translation>
        </message>
        <message>
            <source>the gradient of the upcast logits</source>
            <translation>上转精度后 logits 的梯度</translation>
        </message>
        <message>
            <source>weight copies saved by the matmuls</source>
            <translation>矩阵乘法保存的权重副本</translation>
        </message>
        <message>
            <source>every n-th block checkpointed</source>
            <translation>每第 n 个块做检查点</translation>
        </message>
        <message>
            <source>buckets copy every gradient</source>
            <translation>桶复制每个梯度</translation>
        </message>
        <message>
            <source>buckets are views of the grads</source>
            <translation>桶是梯度的视图</translation>
        </message>
        <message>
            <source>no data-parallel communication</source>
            <translation>无数据并行通信</translation>
        </message>
        <message>
            <source>nothing to reduce-scatter</source>
            <translation>无需 reduce-scatter</translation>
        </message>
        <message>
            <source>outside the caching allocator</source>
            <translation>在缓存分配器之外</translation>
        </message>
        <message>
            <source>log-softmax kept for backward</source>
            <translation>为反向保存的 log-softmax</translation>
        </message>
        <message>
            <source>one tensor's grads at a time</source>
            <translation>一次一个张量的梯度</translation>
        </message>
        <message>
            <source>micro-batch at a time</source>
            <translation>个微批次同时进行</translation>
        </message>
        <message>
            <source>one layer's recompute</source>
            <translation>单层重计算</translation>
        </message>
        <message>
            <source>backward working set</source>
            <translation>反向工作集</translation>
        </message>
        <message>
            <source>one unit's full grads</source>
            <translation>一个单元的完整梯度</translation>
        </message>
        <message>
            <source>not alive at the peak</source>
            <translation>峰值时不占用</translation>
        </message>
        <message>
            <source>part alive at the peak</source>
            <translation>峰值时部分占用</translation>
        </message>
        <message>
            <source>allocated at the peak</source>
            <translation>峰值时已分配</translation>
        </message>
        <message>
            <source>attention scores recomputed</source>
            <translation>注意力分数重计算</translation>
        </message>
        <message>
            <source>model states and persistent buffers</source>
            <translation>模型状态和持久缓冲区</translation>
        </message>
        <message>
            <source>no vocabulary logits</source>
            <translation>无词表 logits</translation>
        </message>
        <message>
            <source>classifier or reward head</source>
            <translation>分类头或奖励头</translation>
        </message>
        <message>
            <source>no sync until the last</source>
            <translation>直到最后一个才同步</translation>
        </message>
        <message>
            <source>every activation in flight stored</source>
            <translation>所有在途激活值都已保存</translation>
        </message>
        <message>
            <source>stored activations plus its working set</source>
            <translation>已保存的激活值加上其工作集</translation>
        </message>
        <message>
            <source>gradients complete</source>
            <translation>梯度完成</translation>
        </message>
        <message>
            <source>activations freed</source>
            <translation>激活值已释放</translation>
        </message>
        <message>
            <source>states and gradients</source>
            <translation>状态和梯度</translation>
        </message>
        <message>
            <source>layers keep their input</source>
            <translation>层保留其输入</translation>
        </message>
        <message>
            <source>of the stage's</source>
            <translation>该阶段的</translation>
        </message>
        <message>
            <source>bare count split by its</source>
            <translation>按其拆分的裸计数</translation>
        </message>
        <message>
            <source>micro-batches in flight</source>
            <translation>个在途微批次</translation>
        </message>
        <message>
            <source>layers in flight</source>
            <translation>层在途</translation>
        </message>
        <message>
            <source>model chunks of</source>
            <translation>个模型块，每块</translation>
        </message>
        <message>
            <source>layer-micro-batches</source>
            <translation>层·微批次</translation>
        </message>
        <message>
            <source>params on stage</source>
            <translation>参数，位于阶段</translation>
        </message>
        <message>
            <source>of params under</source>
            <translation>参数，低于</translation>
        </message>
        <message>
            <source>kept whole</source>
            <translation>整体保留</translation>
        </message>
        <message>
            <source>kept between steps</source>
            <translation>在步与步之间保留</translation>
        </message>
        <message>
            <source>kept for backward</source>
            <translation>为反向保留</translation>
        </message>
        <message>
            <source>the gradient of the</source>
            <translation>梯度：</translation>
        </message>
        <message>
            <source>gradient of the logits</source>
            <translation>logits 的梯度</translation>
        </message>
        <message>
            <source>copy holding the</source>
            <translation>副本，保存</translation>
        </message>
        <message>
            <source>then its gradient</source>
            <translation>然后是其梯度</translation>
        </message>
        <message>
            <source>its gradient</source>
            <translation>其梯度</translation>
        </message>
        <message>
            <source>its input</source>
            <translation>其输入</translation>
        </message>
        <message>
            <source>attention output</source>
            <translation>注意力输出</translation>
        </message>
        <message>
            <source>every other</source>
            <translation>其他每个</translation>
        </message>
        <message>
            <source>module in use</source>
            <translation>使用中的模块</translation>
        </message>
        <message>
            <source>prefetch min</source>
            <translation>预取 min</translation>
        </message>
        <message>
            <source>holds min</source>
            <translation>持有 min</translation>
        </message>
        <message>
            <source>offloaded to host</source>
            <translation>卸载到主机</translation>
        </message>
        <message>
            <source>offloaded to NVMe</source>
            <translation>卸载到 NVMe</translation>
        </message>
        <message>
            <source>offloaded to</source>
            <translation>卸载到</translation>
        </message>
        <message>
            <source>of saved activations</source>
            <translation>已保存的激活值</translation>
        </message>
        <message>
            <source>optimizer in backward</source>
            <translation>反向中执行优化器</translation>
        </message>
        <message>
            <source>reduce bucket</source>
            <translation>归约桶</translation>
        </message>
        <message>
            <source>all-gather bucket</source>
            <translation>all-gather 桶</translation>
        </message>
        <message>
            <source>loss chunks</source>
            <translation>个损失分块</translation>
        </message>
        <message>
            <source>managed memory</source>
            <translation>托管内存</translation>
        </message>
        <message>
            <source>no bucket copies</source>
            <translation>无桶副本</translation>
        </message>
        <message>
            <source>nothing to gather</source>
            <translation>无需收集</translation>
        </message>
        <message>
            <source>recipes only</source>
            <translation>仅限配方</translation>
        </message>
        <message>
            <source>switched off</source>
            <translation>已关闭</translation>
        </message>
        <message>
            <source>replicated over</source>
            <translation>复制于</translation>
        </message>
        <message>
            <source>per micro-batch</source>
            <translation>每个微批次</translation>
        </message>
        <message>
            <source>per layer</source>
            <translation>每层</translation>
        </message>
        <message>
            <source>per TP rank</source>
            <translation>每个 TP rank</translation>
        </message>
        <message>
            <source>in place</source>
            <translation>原地</translation>
        </message>
        <message>
            <source>in use</source>
            <translation>使用中</translation>
        </message>
        <message>
            <source>the largest</source>
            <translation>最大的</translation>
        </message>
        <message>
            <source>vocab-parallel</source>
            <translation>词表并行</translation>
        </message>
        <message>
            <source>compiled loss</source>
            <translation>编译后的损失</translation>
        </message>
        <message>
            <source>first stage</source>
            <translation>第一阶段</translation>
        </message>
        <message>
            <source>middle stage</source>
            <translation>中间阶段</translation>
        </message>
        <message>
            <source>last stage</source>
            <translation>最后阶段</translation>
        </message>
        <message>
            <source>all ranks</source>
            <translation>所有 rank</translation>
        </message>
        <message>
            <source>the other</source>
            <translation>其余</translation>
        </message>
        <message>
            <source>their full</source>
            <translation>其完整的</translation>
        </message>
        <message>
            <source>on the</source>
            <translation>在</translation>
        </message>
        <message>
            <source>backward-start</source>
            <translation>反向开始</translation>
        </message>
        <message>
            <source>backward-end</source>
            <translation>反向结束</translation>
        </message>
        <message>
            <source>forward-end</source>
            <translation>前向结束</translation>
        </message>
        <message>
            <source>optimizer-step</source>
            <translation>优化器步骤</translation>
        </message>
        <message>
            <source>steady</source>
            <translation>稳态</translation>
        </message>
        <message>
            <source>per-op</source>
            <translation>逐算子</translation>
        </message>
        <message>
            <source>params</source>
            <translation>参数</translation>
        </message>
        <message>
            <source>param</source>
            <translation>参数</translation>
        </message>
        <message>
            <source>layers</source>
            <translation>层</translation>
        </message>
        <message>
            <source>layer</source>
            <translation>层</translation>
        </message>
        <message>
            <source>over</source>
            <translation>于</translation>
        </message>
        <message>
            <source>per</source>
            <translation>每</translation>
        </message>
        <message>
            <source>of</source>
            <translation>的</translation>
        </message>
        <message>
            <source>rank</source>
            <translation>rank</translation>
        </message>
        <message>
            <source>stage</source>
            <translation>阶段</translation>
        </message>
        <message>
            <source>full</source>
            <translation>完整</translation>
        </message>
        <message>
            <source>selective</source>
            <translation>选择性</translation>
        </message>
        <message>
            <source>interleaved</source>
            <translation>交错</translation>
        </message>
        <message>
            <source>logits</source>
            <translation>logits</translation>
        </message>
        <message>
            <source>elements</source>
            <translation>个元素</translation>
        </message>
        <message>
            <source>input</source>
            <translation>输入</translation>
        </message>
        <message>
            <source>output</source>
            <translation>输出</translation>
        </message>
        <message>
            <source>without</source>
            <translation>不含</translation>
        </message>
        <message>
            <source>units</source>
            <translation>个单元</translation>
        </message>
        <message>
            <source>current</source>
            <translation>当前</translation>
        </message>
        <message>
            <source>prefetched</source>
            <translation>预取的</translation>
        </message>
        <message>
            <source>paged</source>
            <translation>分页</translation>
        </message>
        <message>
            <source>context</source>
            <translation>上下文</translation>
        </message>
        <message>
            <source>workspaces</source>
            <translation>工作区</translation>
        </message>
        <message>
            <source>only</source>
            <translation>仅</translation>
        </message>
        <message>
            <source>time</source>
            <translation>次</translation>
        </message>
        <message>
            <source>micro-batches</source>
            <translation>个微批次</translation>
        </message>
        <message>
            <source>micro-batch</source>
            <translation>微批次</translation>
        </message>
        <message>
            <source>activations</source>
            <translation>激活值</translation>
        </message>
        <message>
            <source>gradient</source>
            <translation>梯度</translation>
        </message>
        <message>
            <source>grads</source>
            <translation>梯度</translation>
        </message>
        <message>
            <source>buffer</source>
            <translation>缓冲区</translation>
        </message>
        <message>
            <source>buffers</source>
            <translation>缓冲区</translation>
        </message>
        <message>
            <source>copy</source>
            <translation>副本</translation>
        </message>
        <message>
            <source>bucket</source>
            <translation>桶</translation>
        </message>
        <message>
            <source>at</source>
            <translation>于</translation>
        </message>
        <message>
            <source>no</source>
            <translation>无</translation>
        </message>
        <message>
            <source>upcast</source>
            <translation>上转精度</translation>
        </message>
        <message>
            <source>autocast</source>
            <translation>autocast</translation>
        </message>
        <message>
            <source>split</source>
            <translation>切分</translation>
        </message>
        <message>
            <source>the stage's</source>
            <translation>该阶段的</translation>
        </message>
        <message>
            <source>worst</source>
            <translation>最差</translation>
        </message>
    </context>
    <context>
        <name>shardscope::Validation</name>
        <message>
            <source>&apos;%1&apos; has an underscore that does not group thousands (12_000)</source>
            <translation>“%1”中的下划线没有按千位分组（12_000）</translation>
        </message>
        <message>
            <source>&apos;%1&apos; has a comma that does not group thousands; write decimals with a dot (1.5B)</source>
            <translation>“%1”中的逗号不是千位分隔符；小数请用点号（1.5B）</translation>
        </message>
        <message>
            <source>&apos;%1&apos; is empty; expected a count such as 7e9, 7B or 1.5T</source>
            <translation>“%1”为空；应为 7e9、7B 或 1.5T 这样的数量</translation>
        </message>
        <message>
            <source>&apos;%1&apos; is not a number; expected a count such as 7e9, 7B or 1.5T</source>
            <translation>“%1”不是数字；应为 7e9、7B 或 1.5T 这样的数量</translation>
        </message>
        <message>
            <source>&apos;%1&apos; has an unknown suffix; use K, M, B or T (powers of 1000)</source>
            <translation>“%1”的后缀未知；请用 K、M、B 或 T（1000 的幂）</translation>
        </message>
        <message>
            <source>&apos;%1&apos; has no number before its suffix</source>
            <translation>“%1”的后缀前没有数字</translation>
        </message>
        <message>
            <source>&apos;%1&apos; is not finite</source>
            <translation>“%1”不是有限数</translation>
        </message>
        <message>
            <source>&apos;%1&apos; is negative</source>
            <translation>“%1”是负数</translation>
        </message>
        <message>
            <source>&apos;%1&apos; is too large</source>
            <translation>“%1”过大</translation>
        </message>
        <message>
            <source>&apos;%1&apos; is not a whole number</source>
            <translation>“%1”不是整数</translation>
        </message>
        <message>
            <source>the model needs at least 1 parameter</source>
            <translation>模型至少需要 1 个参数</translation>
        </message>
        <message>
            <source>beyond the model's range (at most 100T parameters)</source>
            <translation>超出模型范围（最多 100T 参数）</translation>
        </message>
        <message>
            <source>the architecture has more than 100T parameters, beyond the model's range</source>
            <translation>该架构参数超过 100T，超出模型范围</translation>
        </message>
        <message>
            <source>the number of GPUs must be at least 1 (got %1)</source>
            <translation>GPU 数量至少为 1（当前为 %1）</translation>
        </message>
        <message>
            <source>%1 GPUs is beyond the model's range (at most 1,048,576)</source>
            <translation>%1 个 GPU 超出模型范围（最多 1,048,576）</translation>
        </message>
        <message>
            <source>must be between 1 and 1024</source>
            <translation>必须在 1 到 1024 之间</translation>
        </message>
        <message>
            <source>tensor-parallel size must be at least 1</source>
            <translation>张量并行度至少为 1</translation>
        </message>
        <message>
            <source>pipeline-parallel size must be at least 1</source>
            <translation>流水线并行度至少为 1</translation>
        </message>
        <message>
            <source>TP %1 exceeds the %2 GPUs</source>
            <translation>TP %1 超过了 GPU 数量 %2</translation>
        </message>
        <message>
            <source>TP %1 exceeds the %2 attention heads of the count&apos;s GPT shape</source>
            <translation>TP %1 超过了该参数量 GPT 形状的 %2 个注意力头</translation>
        </message>
        <message>
            <source>TP %1 does not divide the %2 attention heads</source>
            <translation>TP %1 不能整除 %2 个注意力头</translation>
        </message>
        <message>
            <source>TP %1 and the %2 KV heads do not divide one another</source>
            <translation>TP %1 与 %2 个 KV 头互不整除</translation>
        </message>
        <message>
            <source>PP %1 exceeds the %2 layers</source>
            <translation>PP %1 超过了层数 %2</translation>
        </message>
        <message>
            <source>context-parallel size must be at least 1</source>
            <translation>上下文并行度至少为 1</translation>
        </message>
        <message>
            <source>CP %1 exceeds the %2 GPUs</source>
            <translation>CP %1 超过了 GPU 数量 %2</translation>
        </message>
        <message>
            <source>CP %1 does not divide the sequence of %2 tokens</source>
            <translation>CP %1 不能整除 %2 个 token 的序列</translation>
        </message>
        <message>
            <source>%1 GPUs are not divisible by TP x PP = %2</source>
            <translation>%1 个 GPU 不能被 TP x PP = %2 整除</translation>
        </message>
        <message>
            <source>%1 GPUs are not divisible by TP x PP x CP = %2</source>
            <translation>%1 个 GPU 不能被 TP x PP x CP = %2 整除</translation>
        </message>
        <message>
            <source>virtual pipeline chunks must be at least 1</source>
            <translation>虚拟流水线块数至少为 1</translation>
        </message>
        <message>
            <source>the interleaved schedule needs PP &gt; 1</source>
            <translation>交错调度需要 PP &gt; 1</translation>
        </message>
        <message>
            <source>%1 layers cannot fill PP x VPP = %2 model chunks (each needs at least one layer)</source>
            <translation>%1 层无法填满 PP x VPP = %2 个模型块（每块至少需要一层）</translation>
        </message>
        <message>
            <source>the interleaved schedule needs the micro-batch count (%1) to be a multiple of PP %2</source>
            <translation>交错调度要求微批次数（%1）是 PP %2 的倍数</translation>
        </message>
        <message>
            <source>ZeRO stage must be 0, 1, 2 or 3</source>
            <translation>ZeRO 阶段必须为 0、1、2 或 3</translation>
        </message>
        <message>
            <source>optimizer offload needs ZeRO stage 1, 2 or 3</source>
            <translation>优化器卸载需要 ZeRO 阶段 1、2 或 3</translation>
        </message>
        <message>
            <source>parameter offload needs ZeRO stage 3</source>
            <translation>参数卸载需要 ZeRO 阶段 3</translation>
        </message>
        <message>
            <source>%1 is out of range (%2 to %3)</source>
            <translation>%1 超出范围（%2 到 %3）</translation>
        </message>
        <message>
            <source>must be between 1 and 65536</source>
            <translation>必须在 1 到 65536 之间</translation>
        </message>
        <message>
            <source>sequence length must be between 1 and 16,777,216</source>
            <translation>序列长度必须在 1 到 16,777,216 之间</translation>
        </message>
        <message>
            <source>%1 tokens exceed the %2 learned positions of %3 (its position embedding has no row for them)</source>
            <translation>%1 个 token 超过了 %3 的 %2 个学习位置（其位置嵌入没有对应的行）</translation>
        </message>
        <message>
            <source>must be between 1 and 1,000,000</source>
            <translation>必须在 1 到 1,000,000 之间</translation>
        </message>
        <message>
            <source>must be a fraction from 0 to below 1</source>
            <translation>必须是 0 到小于 1 的比例</translation>
        </message>
        <message>
            <source>must not be negative</source>
            <translation>不能为负数</translation>
        </message>
        <message>
            <source>bucket sizes must not be negative</source>
            <translation>桶大小不能为负数</translation>
        </message>
        <message>
            <source>must be between 0 and 1000</source>
            <translation>必须在 0 到 1000 之间</translation>
        </message>
        <message>
            <source>stage-3 sizes must not be negative</source>
            <translation>阶段 3 的大小不能为负数</translation>
        </message>
        <message>
            <source>single means one GPU; %1 GPUs need ddp, deepspeed, fsdp2 or megatron</source>
            <translation>single 表示单个 GPU；%1 个 GPU 需要 ddp、deepspeed、fsdp2 或 megatron</translation>
        </message>
        <message>
            <source>stepping in backward cannot accumulate gradients over %1 micro-batches</source>
            <translation>在反向传播中执行优化器步骤无法在 %1 个微批次上累积梯度</translation>
        </message>
        <message>
            <source>capacity must be positive</source>
            <translation>容量必须为正数</translation>
        </message>
        <message>
            <source>host RAM must be positive</source>
            <translation>主机内存必须为正数</translation>
        </message>
        <message>
            <source>NVMe capacity must be positive</source>
            <translation>NVMe 容量必须为正数</translation>
        </message>
        <message>
            <source>bytes per parameter must be between 0 and 64</source>
            <translation>每个参数的字节数必须在 0 到 64 之间</translation>
        </message>
        <message>
            <source>the safety margin (%1) must be below the GPU's capacity (%2)</source>
            <translation>安全余量（%1）必须小于 GPU 的容量（%2）</translation>
        </message>
        <message>
            <source>must be 0 (the GPU's own large-GEMM figure) or a fraction from 0.001 to 1</source>
            <translation>必须为 0（使用该 GPU 自身的大型 GEMM 数值）或 0.001 到 1 之间的比例</translation>
        </message>
        <message>
            <source>must be 0 (the GPU's FlashAttention figure) or a fraction from 0.001 to 1</source>
            <translation>必须为 0（使用该 GPU 的 FlashAttention 数值）或 0.001 到 1 之间的比例</translation>
        </message>
        <message>
            <source>must be from 0 to 4096 K elements</source>
            <translation>必须在 0 到 4096 个 K 元素之间</translation>
        </message>
        <message>
            <source>must be from 1 to 1000000</source>
            <translation>必须在 1 到 1000000 之间</translation>
        </message>
        <message>
            <source>collective latency must be between 0 and 1,000,000 microseconds</source>
            <translation>集合通信延迟必须在 0 到 1,000,000 微秒之间</translation>
        </message>
        <message>
            <source>link bandwidth must be between 0.001 and 1,000,000 GB/s</source>
            <translation>链路带宽必须在 0.001 到 1,000,000 GB/s 之间</translation>
        </message>
        <message>
            <source>peak must be 0 (the GPU preset's) or between 0.001 and 100,000 TFLOP/s</source>
            <translation>峰值必须为 0（使用 GPU 预设值）或在 0.001 到 100,000 TFLOP/s 之间</translation>
        </message>
        <message>
            <source>memory bandwidth must be 0 (the GPU preset's) or between 1 and 1,000,000 GB/s</source>
            <translation>内存带宽必须为 0（使用 GPU 预设值）或在 1 到 1,000,000 GB/s 之间</translation>
        </message>
        <message>
            <source>the interleaved schedule of %1 micro-batches x %2 chunks per GPU is beyond the model's range (at most %3 micro-batch chunks per GPU)</source>
            <translation>%1 个微批次 x 每个 GPU %2 个块的交错调度超出模型范围（每个 GPU 最多 %3 个微批次块）</translation>
        </message>
        <message>
            <source>expert-parallel size must be at least 1</source>
            <translation>专家并行规模必须至少为 1</translation>
        </message>
        <message>
            <source>expert tensor-parallel size must be at least 1 (0: the TP size)</source>
            <translation>专家张量并行规模必须至少为 1（0：等于 TP 规模）</translation>
        </message>
        <message>
            <source>EP %1 does not divide the %2 experts</source>
            <translation>EP %1 不能整除 %2 个专家</translation>
        </message>
        <message>
            <source>expert TP x EP = %1 does not divide the %2 GPUs of a pipeline stage</source>
            <translation>专家 TP x EP = %1 不能整除流水线阶段的 %2 个 GPU</translation>
        </message>
        <message>
            <source>expert TP %1 does not divide the expert FFN size %2</source>
            <translation>专家 TP %1 不能整除专家 FFN 大小 %2</translation>
        </message>
        <message>
            <source>must be between 1 and 64</source>
            <translation>必须介于 1 和 64 之间</translation>
        </message>
        <message>
            <source>%1 layers and the embedding / loss slots (%2 in all) do not divide over PP %3</source>
            <translation>%1 层加上嵌入层 / 损失层槽位（共 %2 个）无法被 PP %3 整除</translation>
        </message>
        <message>
            <source>%1 layers with the embedding and loss slots cannot fill PP x VPP = %2 model chunks</source>
            <translation>%1 层加上嵌入层和损失层槽位无法填满 PP x VPP = %2 个模型块</translation>
        </message>
        <message>
            <source>the %1 slots of a pipeline stage (layers, embedding, loss) do not split over %2 model chunks</source>
            <translation>流水线阶段的 %1 个槽位（层、嵌入层、损失层）无法均分到 %2 个模型块</translation>
        </message>
    </context>
    <context>
        <name>shardscope::Units</name>
        <message>
            <source>B</source>
            <comment>byte unit symbol: 1 byte (Russian Б)</comment>
            <translation>B</translation>
        </message>
        <message>
            <source>kB</source>
            <comment>byte unit symbol: 10^3 bytes (Russian кБ)</comment>
            <translation>kB</translation>
        </message>
        <message>
            <source>MB</source>
            <comment>byte unit symbol: 10^6 bytes (Russian МБ)</comment>
            <translation>MB</translation>
        </message>
        <message>
            <source>GB</source>
            <comment>byte unit symbol: 10^9 bytes (Russian ГБ)</comment>
            <translation>GB</translation>
        </message>
        <message>
            <source>TB</source>
            <comment>byte unit symbol: 10^12 bytes (Russian ТБ)</comment>
            <translation>TB</translation>
        </message>
        <message>
            <source>MiB</source>
            <comment>byte unit symbol: 2^20 bytes (Russian МиБ)</comment>
            <translation>MiB</translation>
        </message>
        <message>
            <source>GiB</source>
            <comment>byte unit symbol: 2^30 bytes (Russian ГиБ)</comment>
            <translation>GiB</translation>
        </message>
    </context>
    <context>
        <name>shardscope::RecipeText</name>
        <message>
            <source>fp32 weights and grads, Adam m,v in fp32</source>
            <translation>fp32 权重和梯度，Adam 的 m、v 为 fp32</translation>
        </message>
        <message>
            <source>fp16/bf16 mixed precision with fp32 master and Adam (ZeRO paper K=12; DeepSpeed)</source>
            <translation>fp16/bf16 混合精度，fp32 主权重和 Adam（ZeRO 论文 K=12；DeepSpeed）</translation>
        </message>
        <message>
            <source>bf16 with fp32 gradient accumulation, fp32 master and Adam (Megatron default)</source>
            <translation>bf16，fp32 梯度累积、fp32 主权重和 Adam（Megatron 默认）</translation>
        </message>
        <message>
            <source>16-bit weights, grads and Adam moments, no master (seed 000&apos;s 560 GB)</source>
            <translation>16 位权重、梯度和 Adam 动量，无主权重（seed 000 的 560 GB）</translation>
        </message>
        <message>
            <source>16-bit weights and grads, fp32 Adam moments, no master</source>
            <translation>16 位权重和梯度，fp32 Adam 动量，无主权重</translation>
        </message>
        <message>
            <source>mixed precision with 8-bit Adam (bitsandbytes style)</source>
            <translation>混合精度，8 位 Adam（bitsandbytes 风格）</translation>
        </message>
        <message>
            <source>mixed precision with SGD + momentum</source>
            <translation>混合精度，SGD + 动量</translation>
        </message>
        <message>
            <source>fp8 linears (Transformer Engine / torchao) over bf16 mixed precision</source>
            <translation>fp8 线性层（Transformer Engine / torchao），其余为 bf16 混合精度</translation>
        </message>
        <message>
            <source>custom bytes per parameter</source>
            <translation>自定义每参数字节数</translation>
        </message>
    </context>
    <context>
        <name>shardscope::TrainStrategy</name>
        <message>
            <source>Single process</source>
            <comment>training strategy: one process, no data parallelism (the reference run)</comment>
            <translation>单进程</translation>
        </message>
        <message>
            <source>DDP</source>
            <comment>training strategy: PyTorch DistributedDataParallel</comment>
            <translation>DDP</translation>
        </message>
        <message>
            <source>ZeRO-1</source>
            <comment>training strategy: ZeRO stage 1 (optimizer states sharded)</comment>
            <translation>ZeRO-1</translation>
        </message>
        <message>
            <source>ZeRO-2</source>
            <comment>training strategy: ZeRO stage 2 (optimizer states and gradients sharded)</comment>
            <translation>ZeRO-2</translation>
        </message>
        <message>
            <source>ZeRO-3</source>
            <comment>training strategy: ZeRO stage 3 (parameters sharded too)</comment>
            <translation>ZeRO-3</translation>
        </message>
        <message>
            <source>Naive ZeRO-1 (all-reduce)</source>
            <comment>training strategy: ZeRO-1 that all-reduces the gradients instead of reduce-scattering them</comment>
            <translation>朴素 ZeRO-1（all-reduce）</translation>
        </message>
    </context>
</TS>
