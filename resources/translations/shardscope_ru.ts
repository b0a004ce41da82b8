<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ru">
    <context>
        <name>ChartText</name>
        <message>
            <source>%1 bytes</source>
            <translation>%1 байт</translation>
        </message>
        <message>
            <source>%1 (%2)</source>
            <translation>%1 (%2)</translation>
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
            <translation>%1% от итога %2</translation>
        </message>
        <message>
            <source>%1 parameters (GPT shape)</source>
            <translation>%1 параметров (форма GPT)</translation>
        </message>
        <message>
            <source>N = %1 x %2 (%3 per node)</source>
            <translation>N = %1 x %2 (%3 на узел)</translation>
        </message>
        <message>
            <source>recipe %1</source>
            <translation>рецепт %1</translation>
        </message>
        <message>
            <source>micro-batch %1 x %2 tokens</source>
            <translation>микробатч %1 x %2 токенов</translation>
        </message>
        <message>
            <source>no checkpointing</source>
            <translation>без чекпойнтинга активаций</translation>
        </message>
        <message>
            <source>%1 checkpointing</source>
            <translation>чекпойнтинг активаций: %1</translation>
        </message>
        <message>
            <source>optimizer offload to %1</source>
            <translation>выгрузка оптимизатора в %1</translation>
        </message>
        <message>
            <source>parameter offload to %1</source>
            <translation>выгрузка параметров в %1</translation>
        </message>
        <message>
            <source>Step timeline of the worst rank</source>
            <translation>Временная шкала шага худшего ранга</translation>
        </message>
        <message>
            <source>Per-GPU memory</source>
            <translation>Память на GPU</translation>
        </message>
        <message>
            <source>Per-GPU memory vs N GPUs</source>
            <translation>Память на GPU в зависимости от числа GPU N</translation>
        </message>
        <message>
            <source>Host RAM and NVMe per node</source>
            <translation>ОЗУ хоста и NVMe на узел</translation>
        </message>
        <message>
            <source>Step timeline</source>
            <translation>Временная шкала шага</translation>
        </message>
        <message>
            <source>Pipeline schedule</source>
            <translation>Расписание конвейера</translation>
        </message>
        <message>
            <source>Memory of the worst rank over one step</source>
            <translation>Память худшего ранга за один шаг</translation>
        </message>
        <message>
            <source>ZeRO stages 0-3 compared</source>
            <translation>Сравнение стадий ZeRO 0-3</translation>
        </message>
        <message>
            <source>Compare: pinned A vs current B</source>
            <translation>Сравнение: закреплённый A и текущий B</translation>
        </message>
        <message>
            <source>Worst rank of A and B by term</source>
            <translation>Худший ранг A и B по слагаемым</translation>
        </message>
        <message>
            <source>Scenario</source>
            <translation>Сценарий</translation>
        </message>
        <message>
            <source>Memory per GPU (%1)</source>
            <translation>Память на GPU (%1)</translation>
        </message>
        <message>
            <source>A: %1
B: %2
%3</source>
            <translation>A: %1
B: %2
%3</translation>
        </message>
        <message>
            <source>Export %1</source>
            <translation>Экспорт %1</translation>
        </message>
        <message>
            <source>Export failed</source>
            <translation>Экспорт не удался</translation>
        </message>
        <message>
            <source>Export chart as PNG...</source>
            <translation>Экспортировать график в PNG...</translation>
        </message>
        <message>
            <source>PNG image (*.png)</source>
            <translation>Изображение PNG (*.png)</translation>
        </message>
        <message>
            <source>Export chart as SVG...</source>
            <translation>Экспортировать график в SVG...</translation>
        </message>
        <message>
            <source>SVG image (*.svg)</source>
            <translation>Изображение SVG (*.svg)</translation>
        </message>
        <message>
            <source>Export chart as PDF...</source>
            <translation>Экспортировать график в PDF...</translation>
        </message>
        <message>
            <source>PDF document (*.pdf)</source>
            <translation>Документ PDF (*.pdf)</translation>
        </message>
        <message>
            <source>Export data as CSV...</source>
            <translation>Экспортировать данные в CSV...</translation>
        </message>
        <message>
            <source>CSV (*.csv)</source>
            <translation>CSV (*.csv)</translation>
        </message>
        <message>
            <source>Export data as JSON...</source>
            <translation>Экспортировать данные в JSON...</translation>
        </message>
        <message>
            <source>JSON (*.json)</source>
            <translation>JSON (*.json)</translation>
        </message>
        <message>
            <source>Copy chart</source>
            <translation>Копировать график</translation>
        </message>
        <message>
            <source>GPUs and the collective on their ring</source>
            <translation>GPU и коллективная операция на их кольце</translation>
        </message>
        <message>
            <source>Tensor-parallel split of one layer</source>
            <translation>Тензорное разбиение одного слоя</translation>
        </message>
        <message>
            <source>Step timeline of the worst rank: %1 s per step, MFU %2%</source>
            <translation>Временная шкала шага худшего ранга: %1 с на шаг, MFU %2%</translation>
        </message>
        <message>
            <source>fits: %1 of %2 per GPU</source>
            <translation>помещается: %1 из %2 на GPU</translation>
        </message>
        <message>
            <source>does not fit: %1 of %2 per GPU</source>
            <translation>не помещается: %1 из %2 на GPU</translation>
        </message>
        <message>
            <source>A: %1 · %2
B: %3 · %4
%5</source>
            <translation>A: %1 · %2
B: %3 · %4
%5</translation>
        </message>
        <message>
            <source>. Offload costs %1 s per step (%2 s of it not hidden by compute)</source>
            <translation>. Выгрузка стоит %1 с за шаг (из них %2 с не скрыты вычислениями)</translation>
        </message>
        <message>
            <source>Fits: %1 of %2 per GPU; offload costs %3 s per step (%4 s of it not hidden by compute)</source>
            <translation>Помещается: %1 из %2 на GPU; выгрузка стоит %3 с за шаг (из них %4 с не скрыты вычислениями)</translation>
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
            <translation>N = %1 (часть одного узла)</translation>
        </message>
        <message>
            <source>N = %1 (1 node)</source>
            <translation>N = %1 (1 узел)</translation>
        </message>
        <message>
            <source>N = %1 (%2 nodes)</source>
            <translation>N = %1 (узлов: %2)</translation>
        </message>
        <message>
            <source>ZeRO-%1</source>
            <translation>ZeRO-%1</translation>
        </message>
        <message>
            <source>Shard more of the model states over the GPUs.</source>
            <translation>Шардировать больше состояний модели по GPU.</translation>
        </message>
        <message>
            <source>The smallest cluster of whole %1-GPU nodes that fits.</source>
            <translation>Наименьший кластер из целых узлов по %1 GPU, в который модель помещается.</translation>
        </message>
        <message>
            <source>selective checkpointing</source>
            <translation>выборочный чекпоинтинг активаций</translation>
        </message>
        <message>
            <source>Recompute the attention core in the backward pass.</source>
            <translation>Пересчитывать ядро внимания при обратном проходе.</translation>
        </message>
        <message>
            <source>full checkpointing</source>
            <translation>полный чекпоинтинг активаций</translation>
        </message>
        <message>
            <source>Keep only each layer's input; recompute the layer.</source>
            <translation>Хранить только вход каждого слоя; слой пересчитывается.</translation>
        </message>
        <message>
            <source>FlashAttention</source>
            <translation>FlashAttention</translation>
        </message>
        <message>
            <source>Never store the s x s attention scores.</source>
            <translation>Не хранить матрицу оценок внимания s x s.</translation>
        </message>
        <message>
            <source>micro-batch 1</source>
            <translation>микробатч 1</translation>
        </message>
        <message>
            <source>One sequence per forward/backward pass.</source>
            <translation>Одна последовательность на прямой/обратный проход.</translation>
        </message>
        <message>
            <source>TP %1</source>
            <translation>TP %1</translation>
        </message>
        <message>
            <source>Split each layer's weights over %1 GPUs of a node.</source>
            <translation>Разделить веса каждого слоя на %1 GPU одного узла.</translation>
        </message>
        <message>
            <source>PP %1</source>
            <translation>PP %1</translation>
        </message>
        <message>
            <source>Split the layers into %1 pipeline stages.</source>
            <translation>Разбить слои на %1 стадий конвейера.</translation>
        </message>
        <message>
            <source>CPU optimizer offload</source>
            <translation>выгрузка оптимизатора в CPU</translation>
        </message>
        <message>
            <source>ZeRO-Offload: fp32 master and optimizer states in host RAM (slower steps).</source>
            <translation>ZeRO-Offload: fp32 мастер-веса и состояния оптимизатора в ОЗУ хоста (шаги медленнее).</translation>
        </message>
        <message>
            <source>CPU parameter offload</source>
            <translation>выгрузка параметров в CPU</translation>
        </message>
        <message>
            <source>ZeRO-Infinity: parameters in host RAM, fetched per layer (slower steps).</source>
            <translation>ZeRO-Infinity: параметры в ОЗУ хоста, подгружаются послойно (шаги медленнее).</translation>
        </message>
        <message>
            <source>The same cluster of %1 GPUs.</source>
            <translation>Тот же кластер из GPU %1.</translation>
        </message>
        <message>
            <source>, </source>
            <translation>, </translation>
        </message>
        <message>
            <source> usable</source>
            <translation> доступно</translation>
        </message>
        <message>
            <source>GPU %1, pipeline stage %2 of %3</source>
            <translation>GPU %1, стадия конвейера %2 из %3</translation>
        </message>
        <message>
            <source>Fits: %1 of %2 on the worst rank (%3); headroom %4</source>
            <translation>Помещается: %1 из %2 на худшем ранге (%3); запас %4</translation>
        </message>
        <message>
            <source>ZeRO-%1 fits from %2</source>
            <translation>ZeRO-%1 помещается начиная с %2</translation>
        </message>
        <message>
            <source>. </source>
            <translation>. </translation>
        </message>
        <message>
            <source>; </source>
            <translation>; </translation>
        </message>
        <message>
            <source>. At N = %1 it fits with: </source>
            <translation>. При N = %1 помещается с: </translation>
        </message>
        <message>
            <source>, or </source>
            <translation> или </translation>
        </message>
        <message>
            <source>Does not fit: %1 over (%2 of %3 on the worst rank, %4)</source>
            <translation>Не помещается: превышение на %1 (%2 из %3 на худшем ранге, %4)</translation>
        </message>
        <message>
            <source>; no single change fits</source>
            <translation>; ни одно отдельное изменение не помогает</translation>
        </message>
        <message>
            <source>; smallest change that fits: </source>
            <translation>; наименьшее изменение, при котором помещается: </translation>
        </message>
        <message>
            <source>. Warning: the %1 has no FP8 tensor cores, so fp8 training does not run on it as modelled (memory shown as if it did)</source>
            <translation>. Внимание: у %1 нет тензорных ядер FP8, поэтому обучение в fp8 на нём не работает так, как в модели (память показана, как если бы работало)</translation>
        </message>
        <message>
            <source>. Host RAM per node does not fit: %1 of %2</source>
            <translation>. ОЗУ хоста на узел не хватает: %1 из %2</translation>
        </message>
        <message>
            <source>. NVMe per node does not fit: %1 of %2</source>
            <translation>. NVMe на узел не хватает: %1 из %2</translation>
        </message>
        <message>
            <source>Parameters</source>
            <translation>Параметры</translation>
        </message>
        <message>
            <source>Architecture</source>
            <translation>Архитектура</translation>
        </message>
        <message>
            <source>Attention heads</source>
            <translation>Головы внимания</translation>
        </message>
        <message>
            <source>KV heads</source>
            <translation>Головы KV</translation>
        </message>
        <message>
            <source>Head dimension</source>
            <translation>Размерность головы</translation>
        </message>
        <message>
            <source>Experts</source>
            <translation>Эксперты</translation>
        </message>
        <message>
            <source>Experts per token</source>
            <translation>Экспертов на токен</translation>
        </message>
        <message>
            <source>Learned positions</source>
            <translation>Обучаемые позиции</translation>
        </message>
        <message>
            <source>Norms per layer</source>
            <translation>Нормализаций на слой</translation>
        </message>
        <message>
            <source>N GPUs</source>
            <translation>N GPU</translation>
        </message>
        <message>
            <source>GPUs per node</source>
            <translation>GPU на узел</translation>
        </message>
        <message>
            <source>GPU type</source>
            <translation>Тип GPU</translation>
        </message>
        <message>
            <source>GPU capacity</source>
            <translation>Объём памяти GPU</translation>
        </message>
        <message>
            <source>Safety margin</source>
            <translation>Запас</translation>
        </message>
        <message>
            <source>Tensor parallel</source>
            <translation>Тензорный параллелизм</translation>
        </message>
        <message>
            <source>Pipeline parallel</source>
            <translation>Конвейерный параллелизм</translation>
        </message>
        <message>
            <source>Context parallel</source>
            <translation>Контекстный параллелизм</translation>
        </message>
        <message>
            <source>Chunks per GPU</source>
            <translation>Частей на GPU</translation>
        </message>
        <message>
            <source>Schedule</source>
            <translation>Расписание</translation>
        </message>
        <message>
            <source>ZeRO stage</source>
            <translation>Стадия ZeRO</translation>
        </message>
        <message>
            <source>Recipe</source>
            <translation>Рецепт</translation>
        </message>
        <message>
            <source>Optimizer</source>
            <translation>Оптимизатор</translation>
        </message>
        <message>
            <source>Checkpointing</source>
            <translation>Чекпоинтинг</translation>
        </message>
        <message>
            <source>Optimizer offload</source>
            <translation>Выгрузка оптимизатора</translation>
        </message>
        <message>
            <source>Param offload</source>
            <translation>Выгрузка параметров</translation>
        </message>
        <message>
            <source>Micro-batch</source>
            <translation>Микробатч</translation>
        </message>
        <message>
            <source>Sequence length</source>
            <translation>Длина последовательности</translation>
        </message>
        <message>
            <source>Grad. accumulation</source>
            <translation>Накопл. градиента</translation>
        </message>
        <message>
            <source>Fragmentation</source>
            <translation>Фрагментация</translation>
        </message>
        <message>
            <source>CUDA context</source>
            <translation>Контекст CUDA</translation>
        </message>
        <message>
            <source>Bucket sizes</source>
            <translation>Размеры бакетов</translation>
        </message>
        <message>
            <source>Prefetch units</source>
            <translation>Единицы предвыборки</translation>
        </message>
        <message>
            <source>Host RAM per node</source>
            <translation>ОЗУ хоста на узел</translation>
        </message>
        <message>
            <source>NVMe per node</source>
            <translation>NVMe на узел</translation>
        </message>
        <message>
            <source>Kernel efficiency</source>
            <translation>Эффективность ядер</translation>
        </message>
        <message>
            <source>Per-hop latency</source>
            <translation>Задержка на шаг кольца</translation>
        </message>
        <message>
            <source>Intra-node bandwidth</source>
            <translation>Пропускная способность внутри узла</translation>
        </message>
        <message>
            <source>Inter-node bandwidth</source>
            <translation>Пропускная способность между узлами</translation>
        </message>
        <message>
            <source>PCIe bandwidth</source>
            <translation>Пропускная способность PCIe</translation>
        </message>
        <message>
            <source>No answer for this scenario: %1 (%2). The charts show the last valid scenario.</source>
            <translation>Для этого сценария нет ответа: %1 (%2). Графики показывают последний корректный сценарий.</translation>
        </message>
        <message>
            <source>C</source>
            <comment>QLocale name for the numbers in translated text (ru, zh_CN)</comment>
            <translation>ru</translation>
        </message>
        <message>
            <source>allocated</source>
            <comment>the capacity measure: PyTorch's memory_allocated</comment>
            <translation>выделено</translation>
        </message>
        <message>
            <source>reserved</source>
            <comment>the capacity measure: PyTorch's memory_reserved</comment>
            <translation>зарезервировано</translation>
        </message>
        <message>
            <source>device used</source>
            <comment>the capacity measure: nvidia-smi's used memory</comment>
            <translation>занято на устройстве</translation>
        </message>
        <message>
            <source>fits from N = %1 (%2 on the worst rank)</source>
            <translation>помещается начиная с N = %1 (%2 на худшем ранге)</translation>
        </message>
        <message>
            <source>replicated %1-bit params are</source>
            <translation>реплицированные %1-битные параметры занимают</translation>
        </message>
        <message>
            <source>replicated %1-bit grads are</source>
            <translation>реплицированные %1-битные градиенты занимают</translation>
        </message>
        <message>
            <source>replicated fp32 master weights are</source>
            <translation>реплицированная fp32 мастер-копия весов занимает</translation>
        </message>
        <message>
            <source>replicated optimizer states are</source>
            <translation>реплицированные состояния оптимизатора занимают</translation>
        </message>
        <message>
            <source>activations (not sharded by ZeRO) are</source>
            <translation>активации (ZeRO их не шардирует) занимают</translation>
        </message>
        <message>
            <source>the logits buffer is</source>
            <translation>буфер логитов занимает</translation>
        </message>
        <message>
            <source>%1 is</source>
            <comment>a memory term's name</comment>
            <translation>%1 занимает</translation>
        </message>
        <message>
            <source>never fits at any N with ZeRO-%1: %2 %3 per GPU alone; even as N grows the worst rank needs %4 of %5</source>
            <translation>не помещается ни при каком N с ZeRO-%1: %2 %3 на GPU уже сами по себе; даже с ростом N худшему рангу нужно %4 из %5</translation>
        </message>
        <message>
            <source>never fits at any N with ZeRO-%1: offloaded states need %2 of host RAM per node (of %3)</source>
            <translation>не помещается ни при каком N с ZeRO-%1: выгруженным состояниям нужно %2 оперативной памяти хоста на узел (из %3)</translation>
        </message>
        <message>
            <source>never fits at any N with ZeRO-%1: offloaded states need %2 of NVMe per node (of %3)</source>
            <translation>не помещается ни при каком N с ZeRO-%1: выгруженным состояниям нужно %2 NVMe на узел (из %3)</translation>
        </message>
        <message>
            <source>no answer for ZeRO-%1</source>
            <translation>нет ответа для ZeRO-%1</translation>
        </message>
        <message>
            <source>Expert parallel</source>
            <translation>Экспертный параллелизм</translation>
        </message>
        <message>
            <source>Expert TP</source>
            <translation>Экспертный TP</translation>
        </message>
        <message>
            <source>MoE capacity factor</source>
            <translation>Коэффициент ёмкости MoE</translation>
        </message>
        <message>
            <source>Nodes per token</source>
            <translation>Узлов на токен</translation>
        </message>
        <message>
            <source>. Offload costs %1 s per step: %2 between GPU and host over PCIe at %3/s, %4 s of it not hidden by compute (step %5 s)</source>
            <translation>. Выгрузка стоит %1 с за шаг: %2 между GPU и хостом по PCIe со скоростью %3/с, из них %4 с не скрыты вычислениями (шаг %5 с)</translation>
        </message>
        <message>
            <source>Pipeline split</source>
            <translation>Разбиение конвейера</translation>
        </message>
        <message>
            <source>Sequence parallel</source>
            <translation>Параллелизм последовательности</translation>
        </message>
        <message>
            <source>Framework</source>
            <translation>Фреймворк</translation>
        </message>
        <message>
            <source>Reshard after forward</source>
            <translation>Решардинг после прямого прохода</translation>
        </message>
        <message>
            <source>Optimizer step in backward</source>
            <translation>Шаг оптимизатора в обратном проходе</translation>
        </message>
        <message>
            <source>Offload activations</source>
            <translation>Выгрузка активаций</translation>
        </message>
        <message>
            <source>Loss chunks</source>
            <translation>Частей loss</translation>
        </message>
        <message>
            <source>Paged optimizer</source>
            <translation>Страничный оптимизатор</translation>
        </message>
        <message>
            <source>Loss on fp32 logits</source>
            <translation>Loss на fp32-логитах</translation>
        </message>
        <message>
            <source>Compilation</source>
            <translation>Компиляция</translation>
        </message>
        <message>
            <source>Activation precision</source>
            <translation>Точность активаций</translation>
        </message>
        <message>
            <source>Compiled loss</source>
            <translation>Скомпилированный loss</translation>
        </message>
        <message>
            <source>Gradients freed by zero_grad</source>
            <translation>Освобождение градиентов в zero_grad</translation>
        </message>
        <message>
            <source>Stack</source>
            <translation>Стек</translation>
        </message>
        <message>
            <source>Capacity measure</source>
            <translation>Мера для ёмкости</translation>
        </message>
        <message>
            <source>Overlap all-to-all with compute</source>
            <translation>Совмещение all-to-all с вычислениями</translation>
        </message>
        <message>
            <source>Fine-tuning method</source>
            <translation>Метод дообучения</translation>
        </message>
        <message>
            <source>LoRA rank</source>
            <translation>Ранг LoRA</translation>
        </message>
        <message>
            <source>LoRA alpha</source>
            <translation>Альфа LoRA</translation>
        </message>
        <message>
            <source>LoRA targets</source>
            <translation>Цели LoRA</translation>
        </message>
        <message>
            <source>Base precision</source>
            <translation>Точность базы</translation>
        </message>
        <message>
            <source>Quantisation block</source>
            <translation>Блок квантования</translation>
        </message>
        <message>
            <source>Double quantisation</source>
            <translation>Двойное квантование</translation>
        </message>
        <message>
            <source>Terms shown</source>
            <translation>Показанные слагаемые</translation>
        </message>
    </context>
    <context>
        <name>shardscope::BreakdownModel</name>
        <message>
            <source>Term</source>
            <translation>Составляющая</translation>
        </message>
        <message>
            <source>Per GPU (%1)</source>
            <translation>На GPU (%1)</translation>
        </message>
        <message>
            <source>Share</source>
            <translation>Доля</translation>
        </message>
        <message>
            <source>Formula</source>
            <translation>Формула</translation>
        </message>
    </context>
    <context>
        <name>shardscope::ChartExportDialog</name>
        <message>
            <source>Export Chart</source>
            <translation>Экспорт графика</translation>
        </message>
        <message>
            <source>Per-GPU memory</source>
            <translation>Память на GPU</translation>
        </message>
        <message>
            <source>Per-GPU memory vs N GPUs</source>
            <translation>Память на GPU в зависимости от N</translation>
        </message>
        <message>
            <source>Host RAM and NVMe per node</source>
            <translation>ОЗУ хоста и NVMe на узел</translation>
        </message>
        <message>
            <source>Step timeline</source>
            <translation>Шкала времени шага</translation>
        </message>
        <message>
            <source>Chart</source>
            <translation>График</translation>
        </message>
        <message>
            <source>PNG image</source>
            <translation>Изображение PNG</translation>
        </message>
        <message>
            <source>SVG (vector)</source>
            <translation>SVG (вектор)</translation>
        </message>
        <message>
            <source>PDF (vector)</source>
            <translation>PDF (вектор)</translation>
        </message>
        <message>
            <source>CSV data</source>
            <translation>Данные CSV</translation>
        </message>
        <message>
            <source>JSON data</source>
            <translation>Данные JSON</translation>
        </message>
        <message>
            <source>Markdown table</source>
            <translation>Таблица Markdown</translation>
        </message>
        <message>
            <source>Format</source>
            <translation>Формат</translation>
        </message>
        <message>
            <source> px</source>
            <translation> пикс.</translation>
        </message>
        <message>
            <source>PNG only: 192 dpi gives an image twice as wide and high with the same layout.</source>
            <translation>Только PNG: 192 dpi даёт изображение вдвое шире и выше при той же компоновке.</translation>
        </message>
        <message>
            <source>Width</source>
            <translation>Ширина</translation>
        </message>
        <message>
            <source>Height</source>
            <translation>Высота</translation>
        </message>
        <message>
            <source>PNG DPI</source>
            <translation>DPI для PNG</translation>
        </message>
        <message>
            <source>the chart&apos;s own title</source>
            <translation>собственный заголовок диаграммы</translation>
        </message>
        <message>
            <source>the scenario and its verdict; - for none</source>
            <translation>сценарий и его вердикт; - — без подписи</translation>
        </message>
        <message>
            <source>Title</source>
            <translation>Заголовок</translation>
        </message>
        <message>
            <source>Caption</source>
            <translation>Подпись</translation>
        </message>
    </context>
    <context>
        <name>shardscope::CompareWidget</name>
        <message>
            <source>recipe</source>
            <translation>рецепт</translation>
        </message>
        <message>
            <source>optimizer</source>
            <translation>оптимизатор</translation>
        </message>
        <message>
            <source>checkpointing</source>
            <translation>чекпойнтинг</translation>
        </message>
        <message>
            <source>offload optimizer</source>
            <translation>выгрузка оптимизатора</translation>
        </message>
        <message>
            <source>offload params</source>
            <translation>выгрузка параметров</translation>
        </message>
        <message>
            <source>micro-batch</source>
            <translation>микробатч</translation>
        </message>
        <message>
            <source>seq</source>
            <translation>длина последовательности</translation>
        </message>
        <message>
            <source>accumulation</source>
            <translation>накопление градиентов</translation>
        </message>
        <message>
            <source>sequence parallel on</source>
            <translation>параллелизм последовательности включён</translation>
        </message>
        <message>
            <source>sequence parallel off</source>
            <translation>параллелизм последовательности выключен</translation>
        </message>
        <message>
            <source>FlashAttention on</source>
            <translation>FlashAttention включён</translation>
        </message>
        <message>
            <source>FlashAttention off</source>
            <translation>FlashAttention выключен</translation>
        </message>
        <message>
            <source>terms switched</source>
            <translation>слагаемые переключены</translation>
        </message>
        <message>
            <source>%1 %2 -&gt; %3 per GPU</source>
            <translation>%1 %2 -&gt; %3 на GPU</translation>
        </message>
        <message>
            <source>total %1 -&gt; %2</source>
            <translation>всего %1 -&gt; %2</translation>
        </message>
        <message>
            <source>DP traffic x%1</source>
            <translation>трафик DP x%1</translation>
        </message>
        <message>
            <source>no change</source>
            <translation>без изменений</translation>
        </message>
        <message>
            <source>Capacity</source>
            <translation>Ёмкость</translation>
        </message>
        <message>
            <source>A (pinned), worst rank</source>
            <translation>A (закреплён), худший ранг</translation>
        </message>
        <message>
            <source>B (current), worst rank</source>
            <translation>B (текущий), худший ранг</translation>
        </message>
        <message>
            <source>Memory per GPU (%1)</source>
            <translation>Память на GPU (%1)</translation>
        </message>
        <message>
            <source>Term (worst rank)</source>
            <translation>Слагаемое (худший ранг)</translation>
        </message>
        <message>
            <source>A (%1)</source>
            <translation>A (%1)</translation>
        </message>
        <message>
            <source>B (%1)</source>
            <translation>B (%1)</translation>
        </message>
        <message>
            <source>B - A (%1)</source>
            <translation>B - A (%1)</translation>
        </message>
        <message>
            <source>A is pinned: change the scenario to compare.</source>
            <translation>A закреплён: измените сценарий, чтобы сравнить.</translation>
        </message>
        <message>
            <source>Pin a scenario as A to compare.</source>
            <translation>Закрепите сценарий как A, чтобы сравнить.</translation>
        </message>
        <message>
            <source>total</source>
            <translation>всего</translation>
        </message>
        <message>
            <source>fits (capacity %1 / %2)</source>
            <translation>помещается (ёмкость %1 / %2)</translation>
        </message>
        <message>
            <source>✔ fits</source>
            <translation>✔ помещается</translation>
        </message>
        <message>
            <source>✖ does not fit</source>
            <translation>✖ не помещается</translation>
        </message>
        <message>
            <source>step time (s)</source>
            <translation>время шага (с)</translation>
        </message>
        <message>
            <source>MFU (%)</source>
            <translation>MFU (%)</translation>
        </message>
        <message>
            <source>bytes on the wire per GPU per step (%1)</source>
            <translation>передано по сети на GPU за шаг (%1)</translation>
        </message>
        <message>
            <source>Worst rank of A (pinned) and B (current) by term</source>
            <translation>Худший ранг A (закреплён) и B (текущий) по слагаемым</translation>
        </message>
        <message>
            <source>params</source>
            <translation>параметры</translation>
        </message>
        <message>
            <source>grads</source>
            <translation>градиенты</translation>
        </message>
        <message>
            <source>master</source>
            <translation>мастер-веса</translation>
        </message>
        <message>
            <source>activations</source>
            <translation>активации</translation>
        </message>
        <message>
            <source>logits</source>
            <translation>логиты</translation>
        </message>
        <message>
            <source>zero3_gathered_params</source>
            <translation>собранные параметры ZeRO-3</translation>
        </message>
        <message>
            <source>zero3_unsharded_grads</source>
            <translation>нешардированные градиенты ZeRO-3</translation>
        </message>
        <message>
            <source>comm_buckets</source>
            <translation>бакеты обмена</translation>
        </message>
        <message>
            <source>fp8_transients</source>
            <translation>временные буферы fp8</translation>
        </message>
        <message>
            <source>cuda_context</source>
            <translation>контекст CUDA</translation>
        </message>
        <message>
            <source>fragmentation</source>
            <translation>фрагментация</translation>
        </message>
    </context>
    <context>
        <name>shardscope::ControlsPanel</name>
        <message>
            <source>Model</source>
            <translation>Модель</translation>
        </message>
        <message>
            <source>A published architecture, or a bare parameter count given the GPT shape.</source>
            <translation>Опубликованная архитектура или просто число параметров с формой GPT.</translation>
        </message>
        <message>
            <source>Custom size (GPT shape)</source>
            <translation>Свой размер (форма GPT)</translation>
        </message>
        <message>
            <source>Import…</source>
            <translation>Импорт…</translation>
        </message>
        <message>
            <source>Read the architecture from a Hugging Face config.json.</source>
            <translation>Прочитать архитектуру из config.json Hugging Face.</translation>
        </message>
        <message>
            <source>Architecture</source>
            <translation>Архитектура</translation>
        </message>
        <message>
            <source>Model size</source>
            <translation>Размер модели</translation>
        </message>
        <message>
            <source>Total parameters; moving it gives a bare count the GPT-3 aspect ratio.</source>
            <translation>Всего параметров; при перемещении число параметров получает пропорции GPT-3.</translation>
        </message>
        <message>
            <source>Parameters</source>
            <translation>Параметры</translation>
        </message>
        <message>
            <source>Cluster</source>
            <translation>Кластер</translation>
        </message>
        <message>
            <source>N GPUs</source>
            <translation>N GPU</translation>
        </message>
        <message>
            <source>Total GPUs N = data parallel x tensor parallel x pipeline parallel.</source>
            <translation>Всего GPU: N = параллелизм данных x тензорный x конвейерный.</translation>
        </message>
        <message>
            <source>GPUs per node</source>
            <translation>GPU на узел</translation>
        </message>
        <message>
            <source>GPUs in one server; host RAM and NVMe are shared among them.</source>
            <translation>GPU в одном сервере; оперативная память хоста и NVMe делятся между ними.</translation>
        </message>
        <message>
            <source>The GPU model; its memory is the capacity line in the charts.</source>
            <translation>Модель GPU; её память — линия ёмкости на графиках.</translation>
        </message>
        <message>
            <source>GPU type</source>
            <translation>Тип GPU</translation>
        </message>
        <message>
            <source>Parallelism</source>
            <translation>Параллелизм</translation>
        </message>
        <message>
            <source>ZeRO-0 (DDP): every GPU holds all params, grads and optimizer states.</source>
            <translation>ZeRO-0 (DDP): каждый GPU хранит все параметры, градиенты и состояния оптимизатора.</translation>
        </message>
        <message>
            <source>ZeRO-1: optimizer states (and fp32 master) are sharded over data parallel.</source>
            <translation>ZeRO-1: состояния оптимизатора (и fp32-мастер-веса) шардируются по параллелизму данных.</translation>
        </message>
        <message>
            <source>ZeRO-2: gradients are sharded too.</source>
            <translation>ZeRO-2: градиенты тоже шардируются.</translation>
        </message>
        <message>
            <source>ZeRO-3 (FSDP full shard): parameters are sharded too, gathered per layer.</source>
            <translation>ZeRO-3 (FSDP full shard): параметры тоже шардируются и собираются послойно.</translation>
        </message>
        <message>
            <source>ZeRO stage</source>
            <translation>Стадия ZeRO</translation>
        </message>
        <message>
            <source>TP</source>
            <translation>TP</translation>
        </message>
        <message>
            <source>Tensor parallel: each layer's weights split across this many GPUs (must divide the heads).</source>
            <translation>Тензорный параллелизм: веса каждого слоя делятся на столько GPU (должно делить число голов).</translation>
        </message>
        <message>
            <source>Tensor parallel</source>
            <translation>Тензорный параллелизм</translation>
        </message>
        <message>
            <source>PP</source>
            <translation>PP</translation>
        </message>
        <message>
            <source>Pipeline parallel: the layers split into this many consecutive stages.</source>
            <translation>Конвейерный параллелизм: слои делятся на столько последовательных стадий.</translation>
        </message>
        <message>
            <source>Pipeline parallel</source>
            <translation>Конвейерный параллелизм</translation>
        </message>
        <message>
            <source>Pipeline schedule: 1F1B keeps at most PP micro-batches in flight, GPipe all of them.</source>
            <translation>Расписание конвейера: 1F1B держит в работе не более PP микробатчей, GPipe — все.</translation>
        </message>
        <message>
            <source>Interleaved 1F1B</source>
            <translation>Чередующийся 1F1B</translation>
        </message>
        <message>
            <source>Schedule</source>
            <translation>Расписание</translation>
        </message>
        <message>
            <source>Virtual stages</source>
            <translation>Виртуальные стадии</translation>
        </message>
        <message>
            <source>Interleaved schedule: model chunks per GPU; the bubble shrinks by this factor, PP x chunks must divide the layers.</source>
            <translation>Чередующееся расписание: частей модели на GPU; пузырь уменьшается во столько раз, PP x части должно делить число слоёв.</translation>
        </message>
        <message>
            <source>Chunks per GPU</source>
            <translation>Частей на GPU</translation>
        </message>
        <message>
            <source>Sequence parallel</source>
            <translation>Параллелизм последовательности</translation>
        </message>
        <message>
            <source>Megatron sequence parallelism: splits the activations TP would replicate.</source>
            <translation>Параллелизм последовательности Megatron: делит активации, которые TP дублировал бы.</translation>
        </message>
        <message>
            <source>Precision &amp;&amp; optimizer</source>
            <translation>Точность и оптимизатор</translation>
        </message>
        <message>
            <source>Bytes per parameter for weights, gradients, fp32 master and optimizer states.</source>
            <translation>Байт на параметр для весов, градиентов, fp32-мастер-весов и состояний оптимизатора.</translation>
        </message>
        <message>
            <source>Recipe</source>
            <translation>Рецепт</translation>
        </message>
        <message>
            <source>Replaces only the optimizer states of the recipe.</source>
            <translation>Заменяет только состояния оптимизатора в рецепте.</translation>
        </message>
        <message>
            <source>as the recipe says</source>
            <translation>как в рецепте</translation>
        </message>
        <message>
            <source>Optimizer</source>
            <translation>Оптимизатор</translation>
        </message>
        <message>
            <source>Memory savers</source>
            <translation>Экономия памяти</translation>
        </message>
        <message>
            <source>None</source>
            <translation>Нет</translation>
        </message>
        <message>
            <source>Selective</source>
            <translation>Выборочный</translation>
        </message>
        <message>
            <source>Per-op</source>
            <translation>Пооперационный</translation>
        </message>
        <message>
            <source>Full</source>
            <translation>Полный</translation>
        </message>
        <message>
            <source>Keep every activation for the backward pass.</source>
            <translation>Хранить все активации для обратного прохода.</translation>
        </message>
        <message>
            <source>Megatron's selective recomputation: only the attention core is recomputed in backward, with FlashAttention nearly everything is kept (Korthikanti et al. 2022; docs/model.md section 10).</source>
            <translation>Выборочный пересчёт Megatron: в обратном проходе пересчитывается только ядро внимания, с FlashAttention хранится почти всё (Korthikanti et al. 2022; docs/model.md, раздел 10).</translation>
        </message>
        <message>
            <source>torchtitan's per-op selective activation checkpointing (SAC): the layer input, the attention output and every other matmul's output are saved, the rest recomputed (docs/model.md section 10).</source>
            <translation>Поопераций выборочный чекпоинтинг torchtitan (SAC): сохраняются вход слоя, выход внимания и выход каждого второго matmul, остальное пересчитывается (docs/model.md, раздел 10).</translation>
        </message>
        <message>
            <source>Keep only each layer's input and recompute the layer in backward.</source>
            <translation>Хранить только вход каждого слоя и пересчитывать слой в обратном проходе.</translation>
        </message>
        <message>
            <source>Checkpointing</source>
            <translation>Чекпоинтинг</translation>
        </message>
        <message>
            <source>FlashAttention</source>
            <translation>FlashAttention</translation>
        </message>
        <message>
            <source>Fused attention kernels that never store the s x s attention scores.</source>
            <translation>Слитые ядра внимания, которые никогда не хранят матрицу оценок внимания s x s.</translation>
        </message>
        <message>
            <source>none</source>
            <translation>нет</translation>
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
            <translation>ZeRO-Offload: fp32-мастер-веса и состояния оптимизатора хранятся в памяти хоста или на NVMe (стадии 1-3).</translation>
        </message>
        <message>
            <source>ZeRO-Infinity: parameters live off the GPU (ZeRO-3 only).</source>
            <translation>ZeRO-Infinity: параметры хранятся вне GPU (только ZeRO-3).</translation>
        </message>
        <message>
            <source>Optimizer offload</source>
            <translation>Выгрузка оптимизатора</translation>
        </message>
        <message>
            <source>Param offload</source>
            <translation>Выгрузка параметров</translation>
        </message>
        <message>
            <source>Framework</source>
            <translation>Фреймворк</translation>
        </message>
        <message>
            <source>Whose buffers and layouts are in force; the ZeRO stage keeps its meaning and the recipe its bytes per parameter (docs/model.md section 10).</source>
            <translation>Чьи буферы и раскладки действуют; стадия ZeRO сохраняет свой смысл, а рецепт — свои байты на параметр (docs/model.md, раздел 10).</translation>
        </message>
        <message>
            <source>Convention</source>
            <translation>Соглашения</translation>
        </message>
        <message>
            <source>FSDP2 reshard_after_forward: each block's gathered parameters are freed after its forward and gathered again for backward; off (torchtitan under PP) the stage's parameters stay gathered from forward to backward (torch.distributed.fsdp.fully_shard; docs/model.md section 10).</source>
            <translation>FSDP2 reshard_after_forward: собранные параметры каждого блока освобождаются после его прямого прохода и собираются снова для обратного; если выключено (torchtitan при PP), параметры стадии остаются собранными от прямого прохода до обратного (torch.distributed.fsdp.fully_shard; docs/model.md, раздел 10).</translation>
        </message>
        <message>
            <source>Reshard after forward</source>
            <translation>Решардинг после прямого прохода</translation>
        </message>
        <message>
            <source>Which figure meets the capacity line and decides "fits": torch.cuda.max_memory_allocated, max_memory_reserved (+ the allocator's fragmentation), or the device's used memory as nvidia-smi shows it (+ the CUDA context and paged optimizer states) (docs/model.md section 10).</source>
            <translation>Какая величина сравнивается с линией ёмкости и решает, «помещается» ли: torch.cuda.max_memory_allocated, max_memory_reserved (+ фрагментация аллокатора) или занятая память устройства, как её показывает nvidia-smi (+ контекст CUDA и страничные состояния оптимизатора) (docs/model.md, раздел 10).</translation>
        </message>
        <message>
            <source>allocated (PyTorch)</source>
            <translation>выделено (PyTorch)</translation>
        </message>
        <message>
            <source>reserved (PyTorch)</source>
            <translation>зарезервировано (PyTorch)</translation>
        </message>
        <message>
            <source>device used (nvidia-smi)</source>
            <translation>занято на устройстве (nvidia-smi)</translation>
        </message>
        <message>
            <source>Capacity measure</source>
            <translation>Мера для ёмкости</translation>
        </message>
        <message>
            <source>Savers, precision and compilation switches of the training stack.</source>
            <translation>Переключатели экономии памяти, точности и компиляции стека обучения.</translation>
        </message>
        <message>
            <source>Precision of the saved activations: as the recipe (4-byte weights: fp32, else 16-bit), 16-bit, fp32 (every saved tensor doubled but the dropout masks), or torch.autocast (fp32 residual stream and attention probabilities, and a 16-bit cache of every weight) (docs/model.md section 10).</source>
            <translation>Точность сохранённых активаций: как в рецепте (4-байтовые веса: fp32, иначе 16 бит), 16 бит, fp32 (каждый сохранённый тензор вдвое больше, кроме масок dropout) или torch.autocast (fp32 для остаточного потока и вероятностей внимания и 16-битный кэш каждого веса) (docs/model.md, раздел 10).</translation>
        </message>
        <message>
            <source>as the recipe</source>
            <translation>как в рецепте</translation>
        </message>
        <message>
            <source>16-bit</source>
            <translation>16 бит</translation>
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
            <translation>Активации</translation>
        </message>
        <message>
            <source>Compiled (torch.compile / fused kernels)</source>
            <translation>Компиляция (torch.compile / слитые ядра)</translation>
        </message>
        <message>
            <source>torch.compile, Transformer Engine or Megatron's fused kernels; off: eager PyTorch's SwiGLU keeps gate, up, silu(gate) and their product (8f B per token instead of 6f) and runs every element-wise op as its own pass (docs/model.md section 10).</source>
            <translation>torch.compile, Transformer Engine или слитые ядра Megatron; если выключено: SwiGLU в eager PyTorch хранит gate, up, silu(gate) и их произведение (8f Б на токен вместо 6f) и выполняет каждую поэлементную операцию отдельным проходом (docs/model.md, раздел 10).</translation>
        </message>
        <message>
            <source>Dropout</source>
            <translation>Dropout</translation>
        </message>
        <message>
            <source>Dropout masks stored for backward (1 B per element: GPT-2/BERT style); Llama-style models train without (docs/model.md section 5).</source>
            <translation>Маски dropout, сохраняемые для обратного прохода (1 Б на элемент: как в GPT-2/BERT); модели в стиле Llama обучаются без них (docs/model.md, раздел 5).</translation>
        </message>
        <message>
            <source>Optimizer step in backward</source>
            <translation>Шаг оптимизатора в обратном проходе</translation>
        </message>
        <message>
            <source>Each parameter is stepped and its gradient freed as it arrives: one tensor's gradient alive, no step with all of them (torchtune optimizer_in_bwd; needs gradient accumulation 1; docs/model.md section 10).</source>
            <translation>Каждый параметр обновляется, а его градиент освобождается по мере поступления: жив градиент одного тензора, нет шага со всеми градиентами (torchtune optimizer_in_bwd; нужно накопление градиента 1; docs/model.md, раздел 10).</translation>
        </message>
        <message>
            <source>Offload activations</source>
            <translation>Выгружать активации</translation>
        </message>
        <message>
            <source>Saved activations move to host memory; one layer's working set stays (torchtune, torchao; docs/model.md section 10).</source>
            <translation>Сохранённые активации переносятся в память хоста; остаётся рабочий набор одного слоя (torchtune, torchao; docs/model.md, раздел 10).</translation>
        </message>
        <message>
            <source>Paged optimizer</source>
            <translation>Страничный оптимизатор</translation>
        </message>
        <message>
            <source>bitsandbytes paged optimizer states in CUDA managed memory, outside the caching allocator: not in allocated or reserved, in device used (docs/model.md section 10).</source>
            <translation>Страничные состояния оптимизатора bitsandbytes в управляемой памяти CUDA, вне кэширующего аллокатора: не входят в allocated и reserved, входят в занятую на устройстве память (docs/model.md, раздел 10).</translation>
        </message>
        <message>
            <source>Loss on fp32 logits</source>
            <translation>Loss на fp32-логитах</translation>
        </message>
        <message>
            <source>Cross-entropy on logits upcast to fp32: 14 B per logit instead of 8 (PyTorch cross_entropy(logits.float()); docs/model.md section 10).</source>
            <translation>Кросс-энтропия на логитах, приведённых к fp32: 14 Б на логит вместо 8 (PyTorch cross_entropy(logits.float()); docs/model.md, раздел 10).</translation>
        </message>
        <message>
            <source>Compiled loss</source>
            <translation>Скомпилированный loss</translation>
        </message>
        <message>
            <source>torch.compile fuses the upcast, log-softmax and their backward: only the 16-bit gradient of the logits, no fp32 buffers (torchtitan components/loss.py; docs/model.md section 10).</source>
            <translation>torch.compile сливает приведение типа, log-softmax и их обратный проход: только 16-битный градиент логитов, без fp32-буферов (torchtitan components/loss.py; docs/model.md, раздел 10).</translation>
        </message>
        <message>
            <source>Loss chunks</source>
            <translation>Частей loss</translation>
        </message>
        <message>
            <source>Chunked cross-entropy: the loss's working set divided over N chunks, the logits stay (torchtune CEWithChunkedOutputLoss uses 8; docs/model.md section 10).</source>
            <translation>Кросс-энтропия по частям: рабочий набор loss делится на N частей, логиты остаются (torchtune CEWithChunkedOutputLoss использует 8; docs/model.md, раздел 10).</translation>
        </message>
        <message>
            <source>Batch</source>
            <translation>Батч</translation>
        </message>
        <message>
            <source>Micro-batch</source>
            <translation>Микробатч</translation>
        </message>
        <message>
            <source>Sequences each GPU processes in one forward/backward pass.</source>
            <translation>Последовательности, которые каждый GPU обрабатывает за один прямой/обратный проход.</translation>
        </message>
        <message>
            <source>Sequence length</source>
            <translation>Длина последовательности</translation>
        </message>
        <message>
            <source>Tokens per sequence; activations grow with it (attention scores with its square).</source>
            <translation>Токенов в последовательности; активации растут вместе с ней (оценки внимания — с её квадратом).</translation>
        </message>
        <message>
            <source>Gradient accumulation</source>
            <translation>Накопление градиента</translation>
        </message>
        <message>
            <source>Micro-batches per optimizer step (the pipeline's micro-batches).</source>
            <translation>Микробатчей на шаг оптимизатора (микробатчи конвейера).</translation>
        </message>
        <message>
            <source>Grad. accumulation</source>
            <translation>Накопл. градиента</translation>
        </message>
        <message>
            <source>Reset to default</source>
            <translation>Сбросить к умолчанию</translation>
        </message>
        <message>
            <source>Llama-2-70B on 32 x A100 80GB, ZeRO-3, mixed precision, full checkpointing.</source>
            <translation>Llama-2-70B на 32 x A100 80GB, ZeRO-3, смешанная точность, полный чекпоинтинг.</translation>
        </message>
        <message>
            <source>In force: weights %1 + grads %2 + master %3 + optimizer %4 = %5 B/param</source>
            <translation>Действует: веса %1 + градиенты %2 + мастер %3 + оптимизатор %4 = %5 Б/параметр</translation>
        </message>
        <message>
            <source>Only ZeRO stage 3 (FULL_SHARD) reshards: stage 2 (SHARD_GRAD_OP) keeps the gathered parameters from forward to backward.</source>
            <translation>Решардинг бывает только на стадии ZeRO 3 (FULL_SHARD): стадия 2 (SHARD_GRAD_OP) держит собранные параметры от прямого прохода до обратного.</translation>
        </message>
        <message>
            <source>Savers, precision, compile</source>
            <translation>Экономия, точность, компиляция</translation>
        </message>
        <message>
            <source>Savers, precision, compile (%1 changed)</source>
            <translation>Экономия, точность, компиляция (изменено: %1)</translation>
        </message>
        <message>
            <source>Model chunks per GPU: only the interleaved schedule uses them (choose Schedule = Interleaved 1F1B).</source>
            <translation>Частей модели на GPU: используются только чередующимся расписанием (выберите Расписание = Чередующийся 1F1B).</translation>
        </message>
        <message>
            <source>Import a Hugging Face config.json</source>
            <translation>Импорт config.json Hugging Face</translation>
        </message>
        <message>
            <source>config.json (*.json);;All files (*)</source>
            <translation>config.json (*.json);;Все файлы (*)</translation>
        </message>
        <message>
            <source>Imported: </source>
            <translation>Импортировано: </translation>
        </message>
        <message>
            <source>Experts (MoE)</source>
            <translation>Эксперты (MoE)</translation>
        </message>
        <message>
            <source>The model&apos;s Mixture-of-Experts shape: routed experts per MoE layer, experts per token (top-k), one expert&apos;s FFN size, shared experts and dense first layers (docs/model.md section 11).</source>
            <translation>Форма смеси экспертов (MoE) модели: маршрутизируемые эксперты в слое MoE, экспертов на токен (top-k), размер FFN одного эксперта, общие эксперты и первые плотные слои (docs/model.md, раздел 11).</translation>
        </message>
        <message>
            <source>EP</source>
            <translation>EP</translation>
        </message>
        <message>
            <source>Expert parallel: each MoE layer&apos;s routed experts split over this many GPUs of a pipeline stage (must divide the experts; EP x expert TP must divide the stage&apos;s GPUs).</source>
            <translation>Экспертный параллелизм: маршрутизируемые эксперты каждого слоя MoE делятся на столько GPU ступени конвейера (должно делить число экспертов; EP x экспертный TP должно делить число GPU ступени).</translation>
        </message>
        <message>
            <source>Expert parallel</source>
            <translation>Экспертный параллелизм</translation>
        </message>
        <message>
            <source>Expert TP</source>
            <translation>Экспертный TP</translation>
        </message>
        <message>
            <source>Overlap all-to-all with compute</source>
            <translation>Совмещать all-to-all с вычислениями</translation>
        </message>
        <message>
            <source>The dispatch and combine all-to-alls run beside the layer&apos;s computation (Megatron-Core EP communication overlap, DeepSeek&apos;s DualPipe): only what the compute cannot cover is exposed.</source>
            <translation>All-to-all рассылки и сборки идут параллельно с вычислениями слоя (совмещение связи EP в Megatron-Core, DualPipe в DeepSeek): открытым остаётся лишь то, что вычисления не покрывают.</translation>
        </message>
        <message>
            <source>%1 routed experts per MoE layer, top-%2, expert FFN %3</source>
            <translation>%1 маршрутизируемых экспертов в слое MoE, top-%2, FFN эксперта %3</translation>
        </message>
        <message>
            <source>; shared experts: %1</source>
            <translation>; общих экспертов: %1</translation>
        </message>
        <message>
            <source>; %1 of %2 layers dense</source>
            <translation>; плотных слоёв: %1 из %2</translation>
        </message>
        <message>
            <source>%1 B parameters, %2 B activated per token; experts per GPU at EP %4: %3</source>
            <translation>%1 млрд параметров, %2 млрд активных на токен; экспертов на GPU при EP %4: %3</translation>
        </message>
        <message>
            <source>Expert tensor parallel: each expert&apos;s matrices split over this many GPUs; 0 follows the tensor-parallel size (Megatron-Core&apos;s default).</source>
            <translation>Экспертный тензорный параллелизм: матрицы каждого эксперта делятся на столько GPU; 0 следует размеру тензорного параллелизма (по умолчанию в Megatron-Core).</translation>
        </message>
        <message>
            <source>= TP</source>
            <translation>= TP</translation>
        </message>
        <message>
            <source>Expert TP 0 follows TP: %1</source>
            <translation>Экспертный TP 0 следует TP: %1</translation>
        </message>
        <message>
            <source>The training stack whose documented defaults to apply (framework, recipe, kernels, overlap, checkpointing) and whose MFU / TFLOP/s convention to report; `--stack` on the command line (docs/model.md, &quot;Training stacks&quot;).</source>
            <translation>Стек обучения, чьи документированные умолчания применить (фреймворк, рецепт, ядра, перекрытие, контрольные точки) и в чьём соглашении показать MFU / TFLOP/s; в командной строке — `--stack` (docs/model.md, «Training stacks»).</translation>
        </message>
        <message>
            <source>Stack</source>
            <translation>Стек</translation>
        </message>
        <message>
            <source>Assumed by %1:</source>
            <translation>Принято по умолчанию %1:</translation>
        </message>
        <message>
            <source>  %1: yours, not the stack&apos;s %2</source>
            <translation>  %1: ваше значение, не %2 стека</translation>
        </message>
        <message>
            <source>  MFU, TFLOP/s: causal attention at half the score matrix</source>
            <translation>  MFU, TFLOP/s: каузальное внимание — половина матрицы оценок</translation>
        </message>
        <message>
            <source>  MFU, TFLOP/s: attention over the whole score matrix</source>
            <translation>  MFU, TFLOP/s: внимание по всей матрице оценок</translation>
        </message>
    </context>
    <context>
        <name>shardscope::FileActions</name>
        <message>
            <source>ShardScope scenario</source>
            <translation>Сценарий ShardScope</translation>
        </message>
        <message>
            <source>Hugging Face config.json</source>
            <translation>config.json Hugging Face</translation>
        </message>
        <message>
            <source>DeepSpeed config</source>
            <translation>Конфигурация DeepSpeed</translation>
        </message>
        <message>
            <source>accelerate FSDP config</source>
            <translation>Конфигурация FSDP для accelerate</translation>
        </message>
        <message>
            <source>unknown file</source>
            <translation>неизвестный файл</translation>
        </message>
        <message>
            <source>Megatron-LM arguments</source>
            <translation>Аргументы Megatron-LM</translation>
        </message>
        <message>
            <source>%1: model %2, %3 parameters; the cluster, parallelism and batch are unchanged</source>
            <translation>%1: модель %2, параметров: %3; кластер, параллелизм и батч не изменены</translation>
        </message>
        <message>
            <source>ignored: </source>
            <translation>пропущено: </translation>
        </message>
    </context>
    <context>
        <name>shardscope::FinetuneGroup</name>
        <message>
            <source>Fine-tuning</source>
            <translation>Дообучение</translation>
        </message>
        <message>
            <source>Full: every parameter trains. LoRA: low-rank adapters on a frozen 16-bit base (Hu et al. 2021). QLoRA: LoRA on a 4-bit base (Dettmers et al. 2023). DoRA: LoRA plus a trainable magnitude per adapted layer (Liu et al. 2024). Grads and optimizer states exist only for what trains (docs/model.md section 12).</source>
            <translation>Full: обучаются все параметры. LoRA: низкоранговые адаптеры на замороженной 16-битной базе (Hu et al. 2021). QLoRA: LoRA на 4-битной базе (Dettmers et al. 2023). DoRA: LoRA плюс обучаемая величина (magnitude) для каждого адаптированного слоя (Liu et al. 2024). Градиенты и состояния оптимизатора есть только у обучаемых параметров (docs/model.md, раздел 12).</translation>
        </message>
        <message>
            <source>Full</source>
            <translation>Полное</translation>
        </message>
        <message>
            <source>Method</source>
            <translation>Метод</translation>
        </message>
        <message>
            <source>LoRA rank</source>
            <translation>Ранг LoRA</translation>
        </message>
        <message>
            <source>LoRA rank r: each adapted d_in x d_out weight gets r x (d_in + d_out) trainable parameters (PEFT LoraConfig r, torchtune lora_rank).</source>
            <translation>Ранг LoRA r: каждый адаптированный вес d_in x d_out получает r x (d_in + d_out) обучаемых параметров (PEFT LoraConfig r, torchtune lora_rank).</translation>
        </message>
        <message>
            <source>Rank</source>
            <translation>Ранг</translation>
        </message>
        <message>
            <source>LoRA alpha</source>
            <translation>Альфа LoRA</translation>
        </message>
        <message>
            <source>LoRA alpha: the adapters&apos; output is scaled by alpha / r; it changes neither bytes nor FLOPs (kept for the scenario files and the importers).</source>
            <translation>Альфа LoRA: выход адаптеров умножается на alpha / r; не меняет ни байты, ни FLOPs (хранится для файлов сценариев и импорта).</translation>
        </message>
        <message>
            <source>Alpha</source>
            <translation>Альфа</translation>
        </message>
        <message>
            <source>An adapter on the output head (PEFT lm_head, torchtune output_proj).</source>
            <translation>Адаптер на выходной голове (PEFT lm_head, torchtune output_proj).</translation>
        </message>
        <message>
            <source>An adapter on this linear layer of every block.</source>
            <translation>Адаптер на этом линейном слое каждого блока.</translation>
        </message>
        <message>
            <source>PEFT&apos;s &quot;all-linear&quot;: every linear layer of the blocks (and a MoE router), not the head.</source>
            <translation>«all-linear» из PEFT: все линейные слои блоков (и маршрутизатор MoE), кроме головы.</translation>
        </message>
        <message>
            <source>Targets</source>
            <translation>Цели</translation>
        </message>
        <message>
            <source>The frozen base&apos;s linear weights: bf16, int8 (LLM.int8, one fp32 scale per row), NF4 or FP4 (4 bits and block-wise constants), fp8. Embeddings, head and norms stay 16-bit.</source>
            <translation>Линейные веса замороженной базы: bf16, int8 (LLM.int8, один масштаб fp32 на строку), NF4 или FP4 (4 бита и поблочные константы), fp8. Эмбеддинги, голова и нормы остаются 16-битными.</translation>
        </message>
        <message>
            <source>as the method</source>
            <translation>как у метода</translation>
        </message>
        <message>
            <source>Base precision</source>
            <translation>Точность базы</translation>
        </message>
        <message>
            <source>Quantisation block</source>
            <translation>Блок квантования</translation>
        </message>
        <message>
            <source>NF4/FP4 weights share one absmax constant per block of this many (bitsandbytes blocksize; QLoRA: 64). A power of two.</source>
            <translation>Веса NF4/FP4 делят одну константу absmax на блок такого размера (blocksize в bitsandbytes; QLoRA: 64). Степень двойки.</translation>
        </message>
        <message>
            <source>Block</source>
            <translation>Блок</translation>
        </message>
        <message>
            <source>Double quantisation</source>
            <translation>Двойное квантование</translation>
        </message>
        <message>
            <source>The absmax constants quantised to 8 bits in blocks of 256: 4.127 bits per weight at block 64 instead of 4.5 (QLoRA, section 3).</source>
            <translation>Константы absmax квантуются до 8 бит блоками по 256: 4,127 бита на вес при блоке 64 вместо 4,5 (QLoRA, раздел 3).</translation>
        </message>
        <message>
            <source>Targets: at least one linear layer needs an adapter (LoRA trains only the adapters).</source>
            <translation>Цели: хотя бы одному линейному слою нужен адаптер (LoRA обучает только адаптеры).</translation>
        </message>
    </context>
    <context>
        <name>shardscope::GlossaryPanel</name>
        <message>
            <source>Term</source>
            <translation>Термин</translation>
        </message>
        <message>
            <source>What people say</source>
            <translation>Как говорят</translation>
        </message>
        <message>
            <source>What it means</source>
            <translation>Что это значит</translation>
        </message>
        <message>
            <source>Glossary (F1): %1</source>
            <translation>Глоссарий (F1): %1</translation>
        </message>
    </context>
    <context>
        <name>shardscope::HardwarePanel</name>
        <message>
            <source>Reset to the preset</source>
            <translation>Сбросить к пресету</translation>
        </message>
        <message>
            <source>Every figure back to the GPU preset's, the collective latency back to 5 µs, the GEMM tile overhead back to 64 K steps</source>
            <translation>Все значения — как в пресете GPU, задержка коллективных операций — снова 5 мкс, накладные расходы тайла GEMM — снова 64 шага K</translation>
        </message>
        <message>
            <source>Peak 16-bit (TFLOP/s)</source>
            <translation>Пик 16-бит (TFLOP/s)</translation>
        </message>
        <message>
            <source>HBM bandwidth (GB/s)</source>
            <translation>Пропускная способность HBM (ГБ/с)</translation>
        </message>
        <message>
            <source>NVLink per direction (GB/s)</source>
            <translation>NVLink в одну сторону (ГБ/с)</translation>
        </message>
        <message>
            <source>NIC per GPU per direction (GB/s)</source>
            <translation>NIC на GPU в одну сторону (ГБ/с)</translation>
        </message>
        <message>
            <source>PCIe per direction (GB/s)</source>
            <translation>PCIe в одну сторону (ГБ/с)</translation>
        </message>
        <message>
            <source>Collective latency per hop (µs)</source>
            <translation>Задержка коллективной операции на шаг кольца (мкс)</translation>
        </message>
        <message>
            <source>GEMM tile overhead (K steps)</source>
            <translation>Накладные расходы тайла GEMM (шагов K)</translation>
        </message>
        <message>
            <source>Attention efficiency (fraction of peak)</source>
            <translation>Эффективность внимания (доля пика)</translation>
        </message>
        <message>
            <source>K %1: %2</source>
            <translation>K %1: %2</translation>
        </message>
        <message>
            <source>Efficiency curve, a large GEMM by its inner dimension (fraction of peak): %1</source>
            <translation>Кривая эффективности большого GEMM по внутренней размерности K (доля пика): %1</translation>
        </message>
        <message>
            <source>Large-GEMM efficiency (fraction of peak)</source>
            <translation>Эффективность больших GEMM (доля пика)</translation>
        </message>
        <message>
            <source>%1: a number from %2 to %3.</source>
            <translation>%1: число от %2 до %3.</translation>
        </message>
        <message>
            <source>No GPU preset: choose a GPU in the Scenario panel.</source>
            <translation>Нет пресета GPU: выберите GPU на панели «Сценарий».</translation>
        </message>
        <message>
            <source>%1, figures in force (edit to override the preset)</source>
            <translation>%1, действующие значения (измените, чтобы заменить значение пресета)</translation>
        </message>
        <message>
            <source>“%1” is not a number. %2 The scenario was not changed.</source>
            <translation>«%1» — не число. %2 Сценарий не изменён.</translation>
        </message>
        <message>
            <source>%1 is out of range. %2 The scenario was not changed.</source>
            <translation>%1 — вне допустимого диапазона. %2 Сценарий не изменён.</translation>
        </message>
        <message>
            <source>Refused: %1. The scenario was not changed.</source>
            <translation>Отклонено: %1. Сценарий не изменён.</translation>
        </message>
    </context>
    <context>
        <name>shardscope::HostMemoryChart</name>
        <message>
            <source>Needed per node</source>
            <translation>Нужно на узел</translation>
        </message>
        <message>
            <source>Available per node</source>
            <translation>Доступно на узел</translation>
        </message>
        <message>
            <source>Per node (%1)</source>
            <translation>На узел (%1)</translation>
        </message>
        <message>
            <source>Host RAM</source>
            <translation>ОЗУ хоста</translation>
        </message>
        <message>
            <source>NVMe</source>
            <translation>NVMe</translation>
        </message>
        <message>
            <source>Host RAM and NVMe per node</source>
            <translation>ОЗУ хоста и NVMe на узел</translation>
        </message>
        <message>
            <source>Host RAM per node</source>
            <translation>ОЗУ хоста на узел</translation>
        </message>
        <message>
            <source>No offload: nothing held for training states</source>
            <translation>Без выгрузки: для состояний обучения ничего не хранится</translation>
        </message>
        <message>
            <source>%1 GPUs per node: RAM %2 of %3</source>
            <translation>%1 GPU на узел: ОЗУ %2 из %3</translation>
        </message>
        <message>
            <source>NVMe %1 of %2</source>
            <translation>NVMe %1 из %2</translation>
        </message>
        <message>
            <source>Does not fit</source>
            <translation>Не помещается</translation>
        </message>
        <message>
            <source>NVMe per node</source>
            <translation>NVMe на узел</translation>
        </message>
        <message>
            <source>needed by the offloaded states of %1 GPUs</source>
            <translation>нужно для выгруженных состояний %1 GPU</translation>
        </message>
        <message>
            <source>available (the node's capacity in the scenario)</source>
            <translation>доступно (ёмкость узла в сценарии)</translation>
        </message>
        <message>
            <source>%1, %2</source>
            <translation>%1, %2</translation>
        </message>
        <message>
            <source>No offload</source>
            <translation>Без выгрузки</translation>
        </message>
    </context>
    <context>
        <name>shardscope::Lecture</name>
        <message>
            <source>Tour</source>
            <translation>Экскурсия</translation>
        </message>
        <message>
            <source>Glossary</source>
            <translation>Глоссарий</translation>
        </message>
        <message>
            <source>Open &amp;Tour…</source>
            <translation>Открыть &amp;экскурсию…</translation>
        </message>
        <message>
            <source>&amp;Tour</source>
            <translation>&amp;Экскурсия</translation>
        </message>
        <message>
            <source>&amp;Next Step</source>
            <translation>&amp;Следующий шаг</translation>
        </message>
        <message>
            <source>&amp;Previous Step</source>
            <translation>&amp;Предыдущий шаг</translation>
        </message>
        <message>
            <source>&amp;View</source>
            <translation>&amp;Вид</translation>
        </message>
        <message>
            <source>&amp;Presentation</source>
            <translation>&amp;Презентация</translation>
        </message>
        <message>
            <source>Full screen, large type, projector colours; Esc leaves</source>
            <translation>Полный экран, крупный шрифт, цвета для проектора; Esc — выход</translation>
        </message>
        <message>
            <source>&amp;Glossary</source>
            <translation>&amp;Глоссарий</translation>
        </message>
        <message>
            <source>&amp;Tour Panel</source>
            <translation>Панель &amp;экскурсии</translation>
        </message>
        <message>
            <source>Glossary for the Control Under the Mouse</source>
            <translation>Глоссарий для элемента под курсором</translation>
        </message>
        <message>
            <source>&amp;Language</source>
            <translation>&amp;Язык</translation>
        </message>
        <message>
            <source>System (%1)</source>
            <translation>Системный (%1)</translation>
        </message>
        <message>
            <source>Open Tour</source>
            <translation>Открыть экскурсию</translation>
        </message>
        <message>
            <source>ShardScope tours (*.tour.json *.json);;All files (*)</source>
            <translation>Экскурсии ShardScope (*.tour.json *.json);;Все файлы (*)</translation>
        </message>
        <message>
            <source>Cannot open %1</source>
            <translation>Не удаётся открыть %1</translation>
        </message>
        <message>
            <source>&amp;Add This View as a Step…</source>
            <translation>&amp;Добавить этот вид как шаг…</translation>
        </message>
        <message>
            <source>Appends the scenario, tab and highlight shown now, with a caption you type, to the tour you are building</source>
            <translation>Добавляет показанные сейчас сценарий, вкладку и выделение с вашей подписью в собираемую экскурсию</translation>
        </message>
        <message>
            <source>&amp;Save Tour As…</source>
            <translation>&amp;Сохранить экскурсию как…</translation>
        </message>
        <message>
            <source>Add This View as a Step</source>
            <translation>Добавить этот вид как шаг</translation>
        </message>
        <message>
            <source>Step %1 of the tour you are building: the scenario and the %2 tab shown now.</source>
            <translation>Шаг %1 собираемой экскурсии: сценарий и вкладка %2, показанные сейчас.</translation>
        </message>
        <message>
            <source>(none)</source>
            <translation>(нет)</translation>
        </message>
        <message>
            <source>Highlight:</source>
            <translation>Выделение:</translation>
        </message>
        <message>
            <source>Insert a number from the model…</source>
            <translation>Вставить число из модели…</translation>
        </message>
        <message>
            <source>Placeholder:</source>
            <translation>Заполнитель:</translation>
        </message>
        <message>
            <source>Caption (English):</source>
            <translation>Подпись (английский):</translation>
        </message>
        <message>
            <source>Caption (%1, optional):</source>
            <translation>Подпись (%1, необязательно):</translation>
        </message>
        <message>
            <source>The tour has no steps yet: Tour &gt; Add This View as a Step first.</source>
            <translation>В экскурсии ещё нет шагов: сначала Экскурсия &gt; Добавить этот вид как шаг.</translation>
        </message>
        <message>
            <source>Save Tour As</source>
            <translation>Сохранить экскурсию как</translation>
        </message>
        <message>
            <source>ShardScope tours (*.tour.json)</source>
            <translation>Экскурсии ShardScope (*.tour.json)</translation>
        </message>
        <message>
            <source>Cannot save %1</source>
            <translation>Не удалось сохранить %1</translation>
        </message>
    </context>
    <context>
        <name>shardscope::MainWindow</name>
        <message>
            <source>Scenario</source>
            <translation>Сценарий</translation>
        </message>
        <message>
            <source>Messages</source>
            <translation>Сообщения</translation>
        </message>
        <message>
            <source>Memory</source>
            <translation>Память</translation>
        </message>
        <message>
            <source>Step</source>
            <translation>Шаг</translation>
        </message>
        <message>
            <source>Pin current as A</source>
            <translation>Закрепить текущий как A</translation>
        </message>
        <message>
            <source>Keep the scenario shown now as A; B follows the controls.</source>
            <translation>Сохранить показанный сценарий как A; B следует за элементами управления.</translation>
        </message>
        <message>
            <source>Unpin A</source>
            <translation>Открепить A</translation>
        </message>
        <message>
            <source>Compare</source>
            <translation>Сравнение</translation>
        </message>
        <message>
            <source>&amp;View</source>
            <translation>&amp;Вид</translation>
        </message>
        <message>
            <source>Display</source>
            <translation>Отображение</translation>
        </message>
        <message>
            <source> Units: </source>
            <translation> Единицы: </translation>
        </message>
        <message>
            <source>GB (10^9 bytes)</source>
            <translation>ГБ (10^9 байт)</translation>
        </message>
        <message>
            <source>GiB (2^30 bytes)</source>
            <translation>ГиБ (2^30 байт)</translation>
        </message>
        <message>
            <source>Pin as A</source>
            <translation>Закрепить как A</translation>
        </message>
        <message>
            <source>Compare: keep the current scenario as A and show A vs B</source>
            <translation>Сравнение: сохранить текущий сценарий как A и показать A и B</translation>
        </message>
        <message>
            <source>&amp;File</source>
            <translation>&amp;Файл</translation>
        </message>
        <message>
            <source>&amp;New</source>
            <translation>&amp;Новый</translation>
        </message>
        <message>
            <source>&amp;Open Scenario…</source>
            <translation>&amp;Открыть сценарий…</translation>
        </message>
        <message>
            <source>Open &amp;Recent</source>
            <translation>&amp;Недавние</translation>
        </message>
        <message>
            <source>&amp;Save</source>
            <translation>&amp;Сохранить</translation>
        </message>
        <message>
            <source>Cannot save</source>
            <translation>Не удаётся сохранить</translation>
        </message>
        <message>
            <source>Save &amp;As…</source>
            <translation>Сохранить &amp;как…</translation>
        </message>
        <message>
            <source>&amp;Import</source>
            <translation>&amp;Импорт</translation>
        </message>
        <message>
            <source>&amp;Hugging Face config.json…</source>
            <translation>Hugging Face &amp;config.json…</translation>
        </message>
        <message>
            <source>&amp;DeepSpeed config…</source>
            <translation>Конфигурация &amp;DeepSpeed…</translation>
        </message>
        <message>
            <source>accelerate &amp;FSDP YAML…</source>
            <translation>accelerate &amp;FSDP YAML…</translation>
        </message>
        <message>
            <source>&amp;Megatron Arguments…</source>
            <translation>Аргументы &amp;Megatron…</translation>
        </message>
        <message>
            <source>&amp;Export</source>
            <translation>&amp;Экспорт</translation>
        </message>
        <message>
            <source>&amp;Chart…</source>
            <translation>&amp;График…</translation>
        </message>
        <message>
            <source>&amp;Bundle…</source>
            <translation>&amp;Комплект…</translation>
        </message>
        <message>
            <source>C&amp;opy Chart to Clipboard</source>
            <translation>&amp;Копировать график в буфер обмена</translation>
        </message>
        <message>
            <source>Per-GPU memory</source>
            <translation>Память на GPU</translation>
        </message>
        <message>
            <source>Per-GPU memory vs N</source>
            <translation>Память на GPU в зависимости от N</translation>
        </message>
        <message>
            <source>Host memory</source>
            <translation>Память хоста</translation>
        </message>
        <message>
            <source>&amp;Reset to Default Scenario</source>
            <translation>&amp;Сбросить к сценарию по умолчанию</translation>
        </message>
        <message>
            <source>Llama-2-70B on 32 x A100 80GB, ZeRO-3 (keeps the file name)</source>
            <translation>Llama-2-70B на 32 x A100 80GB, ZeRO-3 (имя файла сохраняется)</translation>
        </message>
        <message>
            <source>&amp;Quit</source>
            <translation>&amp;Выход</translation>
        </message>
        <message>
            <source>Untitled</source>
            <translation>Без имени</translation>
        </message>
        <message>
            <source>Open Scenario</source>
            <translation>Открыть сценарий</translation>
        </message>
        <message>
            <source>Cannot open %1</source>
            <translation>Не удаётся открыть %1</translation>
        </message>
        <message>
            <source>Save Scenario As</source>
            <translation>Сохранить сценарий как</translation>
        </message>
        <message>
            <source>Import Megatron-LM Arguments</source>
            <translation>Импорт аргументов Megatron-LM</translation>
        </message>
        <message>
            <source>Arguments, as given to pretrain_gpt.py (or a whole torchrun line).
What they omit keeps Megatron's defaults; the model comes from --num-layers, --hidden-size, ...</source>
            <translation>Аргументы, как для pretrain_gpt.py (или вся строка torchrun).
Опущенное берётся из умолчаний Megatron; модель задают --num-layers, --hidden-size, ...</translation>
        </message>
        <message>
            <source>Import %1</source>
            <translation>Импорт: %1</translation>
        </message>
        <message>
            <source>Cannot import the %1</source>
            <translation>Не удаётся импортировать: %1</translation>
        </message>
        <message>
            <source>Export Chart</source>
            <translation>Экспорт графика</translation>
        </message>
        <message>
            <source>Export failed</source>
            <translation>Экспорт не удался</translation>
        </message>
        <message>
            <source>Export Bundle to Folder</source>
            <translation>Экспорт комплекта в папку</translation>
        </message>
        <message>
            <source>Removed from Open Recent (the files no longer exist):</source>
            <translation>Удалено из недавних (файлов больше нет):</translation>
        </message>
        <message>
            <source>(none)</source>
            <translation>(нет)</translation>
        </message>
        <message>
            <source>Clear List</source>
            <translation>Очистить список</translation>
        </message>
        <message>
            <source>Peers</source>
            <translation>Другие оценки</translation>
        </message>
        <message>
            <source>Run it for real</source>
            <translation>Запустить по-настоящему</translation>
        </message>
        <message>
            <source>Hardware</source>
            <translation>Оборудование</translation>
        </message>
        <message>
            <source>Compare: pin a scenario as A first (Compare tab, Pin current as A).</source>
            <translation>Сравнение: сначала закрепите сценарий как A (вкладка «Сравнение», «Закрепить текущий как A»).</translation>
        </message>
        <message>
            <source>ShardScope scenarios (*.shardscope.json *.json);;All files (*)</source>
            <translation>Сценарии ShardScope (*.shardscope.json *.json);;Все файлы (*)</translation>
        </message>
        <message>
            <source>&lt;h3&gt;ShardScope %1&lt;/h3&gt;&lt;p&gt;Where GPU memory and time go when a large model is trained on many GPUs: per-GPU memory by term and rank, the smallest N that fits, and one training step's collectives.&lt;/p&gt;&lt;p&gt;Every number comes from one model in &lt;tt&gt;core/&lt;/tt&gt;; its formulas and sources are in Help &amp;gt; The Model.&lt;/p&gt;&lt;p&gt;Built with Qt %2. MIT licence.&lt;/p&gt;</source>
            <translation>&lt;h3&gt;ShardScope %1&lt;/h3&gt;&lt;p&gt;Куда уходят память GPU и время при обучении большой модели на многих GPU: память на GPU по составляющим и рангам, наименьшее подходящее N и коллективные операции одного шага обучения.&lt;/p&gt;&lt;p&gt;Каждое число получено из одной модели в &lt;tt&gt;core/&lt;/tt&gt;; её формулы и источники — в Справка &amp;gt; Модель.&lt;/p&gt;&lt;p&gt;Собрано с Qt %2. Лицензия MIT.&lt;/p&gt;</translation>
        </message>
        <message>
            <source>&amp;Edit</source>
            <translation>&amp;Правка</translation>
        </message>
        <message>
            <source>&amp;Undo</source>
            <translation>&amp;Отменить</translation>
        </message>
        <message>
            <source>&amp;Redo</source>
            <translation>&amp;Повторить</translation>
        </message>
        <message>
            <source>&amp;Help</source>
            <translation>&amp;Справка</translation>
        </message>
        <message>
            <source>&amp;Keyboard Shortcuts</source>
            <translation>&amp;Сочетания клавиш</translation>
        </message>
        <message>
            <source>Keyboard Shortcuts</source>
            <translation>Сочетания клавиш</translation>
        </message>
        <message>
            <source>The &amp;Model (docs/model.md)</source>
            <translation>&amp;Модель (docs/model.md)</translation>
        </message>
        <message>
            <source>docs/model.md was not built into this binary.</source>
            <translation>docs/model.md не встроен в эту сборку.</translation>
        </message>
        <message>
            <source>The Model: formulas, sources and defaults</source>
            <translation>Модель: формулы, источники и значения по умолчанию</translation>
        </message>
        <message>
            <source>&amp;About ShardScope</source>
            <translation>&amp;О программе ShardScope</translation>
        </message>
        <message>
            <source>About ShardScope</source>
            <translation>О программе ShardScope</translation>
        </message>
        <message>
            <source>Memory, Step, Compare tab</source>
            <translation>Вкладки «Память», «Шаг», «Сравнение»</translation>
        </message>
        <message>
            <source>Undo / redo a scenario change</source>
            <translation>Отменить / повторить изменение сценария</translation>
        </message>
        <message>
            <source>New, open, save a scenario</source>
            <translation>Создать, открыть, сохранить сценарий</translation>
        </message>
        <message>
            <source>Export a chart</source>
            <translation>Экспортировать график</translation>
        </message>
        <message>
            <source>Step tab: play / pause</source>
            <translation>Вкладка «Шаг»: пуск / пауза</translation>
        </message>
        <message>
            <source>Step tab: next / previous event</source>
            <translation>Вкладка «Шаг»: следующее / предыдущее событие</translation>
        </message>
        <message>
            <source>Step tab: faster / slower</source>
            <translation>Вкладка «Шаг»: быстрее / медленнее</translation>
        </message>
        <message>
            <source>Step tab, one-collective mode: next / previous hop</source>
            <translation>Вкладка «Шаг», режим одной коллективной операции: следующий / предыдущий шаг кольца</translation>
        </message>
        <message>
            <source>This sheet</source>
            <translation>Эта справка</translation>
        </message>
        <message>
            <source>&lt;h3&gt;Keyboard shortcuts&lt;/h3&gt;&lt;table cellpadding='4'&gt;</source>
            <translation>&lt;h3&gt;Сочетания клавиш&lt;/h3&gt;&lt;table cellpadding='4'&gt;</translation>
        </message>
        <message>
            <source>&lt;/table&gt;&lt;p&gt;The Step tab's keys work whenever the tab is shown, wherever the focus is (a text box being edited keeps its own keys).&lt;/p&gt;</source>
            <translation>&lt;/table&gt;&lt;p&gt;Клавиши вкладки «Шаг» работают, пока вкладка открыта, где бы ни был фокус (редактируемое текстовое поле сохраняет свои клавиши).&lt;/p&gt;</translation>
        </message>
        <message>
            <source>error: </source>
            <translation>ошибка: </translation>
        </message>
        <message>
            <source>Opened %1</source>
            <translation>Открыт %1</translation>
        </message>
        <message>
            <source>the scenario has no file yet: use Save As</source>
            <translation>у сценария ещё нет файла: используйте «Сохранить как»</translation>
        </message>
        <message>
            <source>Imported %1%2:</source>
            <translation>Импортировано: %1%2:</translation>
        </message>
        <message>
            <source>%1: not a ShardScope scenario, Hugging Face config.json, DeepSpeed config or accelerate FSDP config (judged by its content)</source>
            <translation>%1: не сценарий ShardScope, не config.json Hugging Face, не конфигурация DeepSpeed или FSDP для accelerate (судя по содержимому)</translation>
        </message>
        <message>
            <source>Exported %1 to %2</source>
            <translation>%1 экспортирован в %2</translation>
        </message>
        <message>
            <source>Exported a bundle of %1 files to %2</source>
            <translation>Набор из %1 файлов экспортирован в %2</translation>
        </message>
        <message>
            <source>%1 no longer exists; removed from Open Recent</source>
            <translation>%1 больше не существует; удалён из списка недавних</translation>
        </message>
        <message>
            <source>autosave failed: </source>
            <translation>автосохранение не удалось: </translation>
        </message>
        <message>
            <source>last session&apos;s scenario not restored: </source>
            <translation>сценарий прошлого сеанса не восстановлен: </translation>
        </message>
        <message>
            <source>autosave not restored: </source>
            <translation>автосохранение не восстановлено: </translation>
        </message>
        <message>
            <source>YAML (*.yaml *.yml);;All files (*)</source>
            <translation>YAML (*.yaml *.yml);;Все файлы (*)</translation>
        </message>
        <message>
            <source>JSON (*.json);;All files (*)</source>
            <translation>JSON (*.json);;Все файлы (*)</translation>
        </message>
        <message>
            <source>Plan</source>
            <translation>План</translation>
        </message>
        <message>
            <source>Glossary for the control under the mouse</source>
            <translation>Глоссарий для элемента под указателем мыши</translation>
        </message>
    </context>
    <context>
        <name>shardscope::MemoryPage</name>
        <message>
            <source>Compare ZeRO stages</source>
            <translation>Сравнить стадии ZeRO</translation>
        </message>
        <message>
            <source>Chart 1 shows one bar per ZeRO stage at the current N instead of one per rank.</source>
            <translation>График 1 показывает по столбцу на каждую стадию ZeRO при текущем N вместо столбца на ранг.</translation>
        </message>
        <message>
            <source>Fits with:</source>
            <translation>Поместится с:</translation>
        </message>
        <message>
            <source>Breakdown of the worst rank (%1)</source>
            <translation>Разбивка худшего ранга (%1)</translation>
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
            <translation>выгрузка</translation>
        </message>
        <message>
            <source>The fastest layout that fits, from the Plan tab's search: %1. Click to apply (Undo takes it back).</source>
            <translation>Самая быстрая помещающаяся раскладка из поиска вкладки «План»: %1. Нажмите, чтобы применить (Отмена вернёт прежнее).</translation>
        </message>
        <message>
            <source>Click to apply (Undo takes it back).</source>
            <translation>Нажмите, чтобы применить (Отмена вернёт прежнее).</translation>
        </message>
        <message>
            <source>Best layout: searching…</source>
            <translation>Лучшая раскладка: поиск…</translation>
        </message>
        <message>
            <source>Best layout: %1 (%2 s)</source>
            <translation>Лучшая раскладка: %1 (%2 с)</translation>
        </message>
    </context>
    <context>
        <name>shardscope::MemoryPerGpuChart</name>
        <message>
            <source>Log scale</source>
            <translation>Логарифмическая шкала</translation>
        </message>
        <message>
            <source>Capacity</source>
            <translation>Ёмкость</translation>
        </message>
        <message>
            <source>Per-GPU memory by term</source>
            <translation>Память на GPU по слагаемым</translation>
        </message>
        <message>
            <source>Comparing ZeRO stages: a logarithmic memory axis, so that a small ZeRO-3 bar stays readable beside DDP's. Each bar is its total; the terms are stacked on the linear axis only (stacked on a log axis, their shares would look wrong).</source>
            <translation>Сравнение стадий ZeRO: логарифмическая ось памяти, чтобы маленький столбец ZeRO-3 был читаем рядом со столбцом DDP. Каждый столбец — его сумма; слагаемые складываются только на линейной оси (на логарифмической их доли выглядели бы неверно).</translation>
        </message>
        <message>
            <source>%1, GPU %2</source>
            <translation>%1, GPU %2</translation>
        </message>
        <message>
            <source>ZeRO-%1 (current)</source>
            <translation>ZeRO-%1 (текущая)</translation>
        </message>
        <message>
            <source>worst (%1)</source>
            <translation>худший (%1)</translation>
        </message>
        <message>
            <source>all ranks</source>
            <translation>все ранги</translation>
        </message>
        <message>
            <source>first (%1)</source>
            <translation>первая (%1)</translation>
        </message>
        <message>
            <source>mid (%1)</source>
            <translation>средняя (%1)</translation>
        </message>
        <message>
            <source>last (%1)</source>
            <translation>последняя (%1)</translation>
        </message>
        <message>
            <source>all</source>
            <comment>the one bar at PP 1 when the axis is narrow: all ranks</comment>
            <translation>все</translation>
        </message>
        <message>
            <source>ZeRO stage (current: %1)</source>
            <translation>Стадия ZeRO (тек. %1)</translation>
        </message>
        <message>
            <source>Pipeline stage</source>
            <translation>Стадия конвейера</translation>
        </message>
        <message>
            <source>Current: ZeRO-%1</source>
            <translation>Текущая: ZeRO-%1</translation>
        </message>
        <message>
            <source>Memory per GPU (%1)</source>
            <translation>Память на GPU (%1)</translation>
        </message>
        <message>
            <source>headroom %1</source>
            <translation>запас %1</translation>
        </message>
        <message>
            <source>%1 over</source>
            <translation>превышение %1</translation>
        </message>
        <message>
            <source>%1: %2 usable</source>
            <translation>%1: %2 доступно</translation>
        </message>
        <message>
            <source>%1: %2</source>
            <translation>%1: %2</translation>
        </message>
        <message>
            <source>Per-GPU memory by term, per pipeline stage</source>
            <translation>Память на GPU по слагаемым, по стадиям конвейера</translation>
        </message>
        <message>
            <source>ZeRO stages 0-3 at the current N (log scale)</source>
            <translation>Стадии ZeRO 0-3 при текущем N (лог. шкала)</translation>
        </message>
        <message>
            <source>ZeRO stages 0-3 at the current N</source>
            <translation>Стадии ZeRO 0-3 при текущем N</translation>
        </message>
        <message>
            <source>Total per GPU</source>
            <translation>Всего на GPU</translation>
        </message>
        <message>
            <source>%1: %2 in total</source>
            <translation>%1: всего %2</translation>
        </message>
        <message>
            <source>%1: %2 (%3%)</source>
            <translation>%1: %2 (%3%)</translation>
        </message>
        <message>
            <source>Expert states</source>
            <translation>Состояния экспертов</translation>
        </message>
        <message>
            <source>routed experts&apos; weights %1, grads %2, master %3, optimizer %4</source>
            <translation>веса маршрутизируемых экспертов %1, градиенты %2, мастер-копия %3, оптимизатор %4</translation>
        </message>
        <message>
            <source>%1 expert parameters on this GPU: %2 experts per MoE layer (EP %3), expert TP %4, states sharded over expert-DP %5</source>
            <translation>%1 параметров экспертов на этом GPU: %2 экспертов на слой MoE (EP %3), экспертный TP %4, состояния разделены по экспертному DP %5</translation>
        </message>
        <message>
            <source>dense %1 (this segment) + routed experts %2 (in Expert states)</source>
            <translation>плотная часть %1 (этот сегмент) + маршрутизируемые эксперты %2 (в «Состояниях экспертов»)</translation>
        </message>
        <message>
            <source>Frozen base weights</source>
            <translation>Замороженные веса базы</translation>
        </message>
        <message>
            <source>Adapter weights</source>
            <translation>Веса адаптеров</translation>
        </message>
        <message>
            <source>%1 · %2</source>
            <translation>%1 · %2</translation>
        </message>
        <message>
            <source>%1 (%2 B)</source>
            <translation>%1 (%2 Б)</translation>
        </message>
        <message>
            <source>Trainable: %1 method, rank %2, targets %3; their gradients and optimizer states are the gradient and optimizer segments.</source>
            <translation>Обучаемые: метод %1, ранг %2, цели %3; их градиенты и состояния оптимизатора — сегменты градиентов и оптимизатора.</translation>
        </message>
        <message>
            <source>Frozen: the base&apos;s linear weights in %1, embeddings, head and norms in 16 bits; no gradients, no optimizer states.</source>
            <translation>Заморожены: линейные веса базы в %1, эмбеддинги, голова и нормы в 16 битах; ни градиентов, ни состояний оптимизатора.</translation>
        </message>
        <message>
            <source>Adapter gradients</source>
            <translation>Градиенты адаптеров</translation>
        </message>
        <message>
            <source>Adapter fp32 master weights</source>
            <translation>Мастер-веса fp32 адаптеров</translation>
        </message>
        <message>
            <source>Adapter optimizer states</source>
            <translation>Состояния оптимизатора адаптеров</translation>
        </message>
        <message>
            <source>Other terms (%1)</source>
            <translation>Прочие (%1)</translation>
        </message>
        <message>
            <source>ZeRO stage</source>
            <translation>Стадия ZeRO</translation>
        </message>
        <message>
            <source>ZeRO stages 0-3 (log scale)</source>
            <translation>Стадии ZeRO 0-3 (лог. шкала)</translation>
        </message>
        <message>
            <source>ZeRO stages 0-3</source>
            <translation>Стадии ZeRO 0-3</translation>
        </message>
        <message>
            <source>Shares</source>
            <translation>Доли</translation>
        </message>
    </context>
    <context>
        <name>shardscope::MemoryVsGpusChart</name>
        <message>
            <source>N GPUs (log scale)</source>
            <translation>N GPU (лог.)</translation>
        </message>
        <message>
            <source>smallest N, ZeRO-%1</source>
            <translation>наименьшее N, ZeRO-%1</translation>
        </message>
        <message>
            <source>Capacity</source>
            <translation>Ёмкость</translation>
        </message>
        <message>
            <source>Current N</source>
            <translation>Текущее N</translation>
        </message>
        <message>
            <source>Worst-rank memory per GPU (%1)</source>
            <translation>Память худшего ранга на GPU (%1)</translation>
        </message>
        <message>
            <source>ZeRO-%1: never fits</source>
            <translation>ZeRO-%1: никогда не помещается</translation>
        </message>
        <message>
            <source>ZeRO-%1: no answer</source>
            <translation>ZeRO-%1: нет ответа</translation>
        </message>
        <message>
            <source>%1: %2</source>
            <translation>%1: %2</translation>
        </message>
        <message>
            <source>ZeRO-%1 at N = %2, worst rank (%3): %4</source>
            <translation>ZeRO-%1 при N = %2, худший ранг (%3): %4</translation>
        </message>
        <message>
            <source>fits in %1</source>
            <translation>помещается в %1</translation>
        </message>
        <message>
            <source>does not fit in %1</source>
            <translation>не помещается в %1</translation>
        </message>
        <message>
            <source>ZeRO-%1, N = %2</source>
            <translation>ZeRO-%1, N = %2</translation>
        </message>
        <message>
            <source>ZeRO-%1 at N = %2: no answer (%3)</source>
            <translation>ZeRO-%1 при N = %2: нет ответа (%3)</translation>
        </message>
        <message>
            <source>ZeRO-%1: smallest N that fits is %2 (worst rank %3)</source>
            <translation>ZeRO-%1: наименьшее подходящее N равно %2 (худший ранг %3)</translation>
        </message>
        <message>
            <source>In whole nodes of %1 GPUs: %2</source>
            <translation>Целыми узлами по %1 GPU: %2</translation>
        </message>
        <message>
            <source>Counting single GPUs, not whole %1-GPU nodes: %2 (worst rank %3)</source>
            <translation>Если считать отдельные GPU, а не целые узлы по %1 GPU: %2 (худший ранг %3)</translation>
        </message>
        <message>
            <source>Memory per GPU vs N (thick = current stage, ● = smallest N)</source>
            <translation>Память GPU от N (жирная — текущая, ● — мин. N)</translation>
        </message>
        <message>
            <source>ZeRO-%1: never</source>
            <translation>ZeRO-%1: никогда</translation>
        </message>
        <message>
            <source>N GPUs</source>
            <translation>N GPU</translation>
        </message>
        <message>
            <source>Memory per GPU vs N</source>
            <translation>Память GPU от N</translation>
        </message>
    </context>
    <context>
        <name>shardscope::Peers</name>
        <message>
            <source>DeepSpeed prints GiB (2^30 bytes) and labels them "GB", to 2 decimals</source>
            <translation>DeepSpeed печатает ГиБ (2^30 байт), подписывая их «GB», с 2 знаками после запятой</translation>
        </message>
        <message>
            <source>DeepSpeed's estimator covers model states only: activations, logits, buffers, CUDA context and fragmentation are not modelled</source>
            <translation>Оценщик DeepSpeed учитывает только состояния модели: активации, логиты, буферы, контекст CUDA и фрагментация не моделируются</translation>
        </message>
        <message>
            <source>this is DeepSpeed's ZeRO-%1 estimate; the scenario runs ZeRO-%2</source>
            <translation>это оценка DeepSpeed для ZeRO-%1; в сценарии работает ZeRO-%2</translation>
        </message>
        <message>
            <source>DeepSpeed divides by all N = %1 GPUs, not by the data-parallel group d = %2 (TP x PP = %3 ignored)</source>
            <translation>DeepSpeed делит на все N = %1 GPU, а не на группу параллелизма данных d = %2 (TP x PP = %3 не учитывается)</translation>
        </message>
        <message>
            <source>DeepSpeed takes nodes x GPUs per node = %1 x %2 = %3 GPUs; the scenario has %4</source>
            <translation>DeepSpeed берёт узлы x GPU на узел = %1 x %2 = %3 GPU; в сценарии их %4</translation>
        </message>
        <message>
            <source>DeepSpeed's estimator assumes 16-bit params with fp32 master and Adam; the scenario's recipe is %1 + %2 + %3 + %4 = %5 B/param</source>
            <translation>Оценщик DeepSpeed предполагает 16-битные параметры с мастер-копией в fp32 и Adam; рецепт сценария: %1 + %2 + %3 + %4 = %5 Б/параметр</translation>
        </message>
        <message>
            <source>DeepSpeed's estimator has no NVMe rows: its cpu row is shown</source>
            <translation>В оценщике DeepSpeed нет строк для NVMe: показана его строка cpu</translation>
        </message>
        <message>
            <source>2 B x P (16-bit params)</source>
            <translation>2 Б x P (16-битные параметры)</translation>
        </message>
        <message>
            <source>on the CPU (offload_optimizer=cpu)</source>
            <translation>на CPU (offload_optimizer=cpu)</translation>
        </message>
        <message>
            <source>2 B x P (16-bit grads, whole) + 4 B x P / N (fp32 grads)</source>
            <translation>2 Б x P (16-битные градиенты, целиком) + 4 Б x P / N (градиенты в fp32)</translation>
        </message>
        <message>
            <source>4 B x P / N (fp32 params)</source>
            <translation>4 Б x P / N (параметры в fp32)</translation>
        </message>
        <message>
            <source>8 B x P / N (Adam momentum + variance)</source>
            <translation>8 Б x P / N (момент и дисперсия Adam)</translation>
        </message>
        <message>
            <source>2 B x P (params_16bit)</source>
            <translation>2 Б x P (params_16bit)</translation>
        </message>
        <message>
            <source>(2 + 4) B x P / N (grads_16bit + grads_32bit)</source>
            <translation>(2 + 4) Б x P / N (grads_16bit + grads_32bit)</translation>
        </message>
        <message>
            <source>4 B x P / N (params_32bit)</source>
            <translation>4 Б x P / N (params_32bit)</translation>
        </message>
        <message>
            <source>8 B x P / N (momentum and variance)</source>
            <translation>8 Б x P / N (момент и дисперсия)</translation>
        </message>
        <message>
            <source>DeepSpeed's ZeRO-2 formula before v0.14.3 (PR #5099), still on its docs page: 4 B x P + 16 B x P / N = %1: the 16-bit grads counted whole on every GPU</source>
            <translation>Формула ZeRO-2 в DeepSpeed до v0.14.3 (PR #5099), всё ещё на странице его документации: 4 Б x P + 16 Б x P / N = %1: 16-битные градиенты учтены целиком на каждом GPU</translation>
        </message>
        <message>
            <source>DeepSpeed's ZeRO-2 formula is 2 B x P + 18 B x P / N = %1: it adds a 4 B fp32 copy of every gradient shard to the 16 B of the ZeRO paper</source>
            <translation>Формула ZeRO-2 в DeepSpeed: 2 Б x P + 18 Б x P / N = %1: она добавляет к 16 Б статьи о ZeRO 4 Б на fp32-копию каждого шарда градиентов</translation>
        </message>
        <message>
            <source>DeepSpeed's CPU figure is per node, x %1 buffer factor, and counts the fp32 model built on the CPU before partitioning: P x max(4 N, 16) B x %2 = %3</source>
            <translation>Цифра DeepSpeed для CPU — на узел, с коэффициентом буфера x %1, и учитывает fp32-модель, собранную на CPU до шардирования: P x max(4 N, 16) Б x %2 = %3</translation>
        </message>
        <message>
            <source>DeepSpeed's CPU figure is per node, x %1 buffer factor, and counts the fp32 model built on the CPU before partitioning: P x 4 x GPUs per node B x %2 = %3</source>
            <translation>Цифра DeepSpeed для CPU — на узел, с коэффициентом буфера x %1, и учитывает fp32-модель, собранную на CPU до шардирования: P x 4 Б x (GPU на узел) x %2 = %3</translation>
        </message>
        <message>
            <source>2 B x largest layer (%1 params)</source>
            <translation>2 Б x крупнейший слой (%1 параметров)</translation>
        </message>
        <message>
            <source>2 B x largest layer (fp16 grads computed whole)</source>
            <translation>2 Б x крупнейший слой (fp16-градиенты вычисляются целиком)</translation>
        </message>
        <message>
            <source>on the CPU (offload_param=cpu, offload_optimizer=cpu)</source>
            <translation>на CPU (offload_param=cpu, offload_optimizer=cpu)</translation>
        </message>
        <message>
            <source>2 B x P / N</source>
            <translation>2 Б x P / N</translation>
        </message>
        <message>
            <source>2 B x P / N (16-bit params)</source>
            <translation>2 Б x P / N (16-битные параметры)</translation>
        </message>
        <message>
            <source>4 B x P / N (fp32 grads)</source>
            <translation>4 Б x P / N (градиенты в fp32)</translation>
        </message>
        <message>
            <source>DeepSpeed's ZeRO-3 estimate adds 4 B x the largest layer (%1 params) for its gathered 16-bit weights and grads: %2</source>
            <translation>Оценка ZeRO-3 в DeepSpeed добавляет 4 Б x крупнейший слой (%1 параметров) на собранные 16-битные веса и градиенты: %2</translation>
        </message>
        <message>
            <source>DeepSpeed's ZeRO-3 shards 18 B/param over N: 2 B 16-bit params + 4 B fp32 params, grads, momentum and variance each (the ZeRO paper's 16 B has 2 B 16-bit grads)</source>
            <translation>ZeRO-3 в DeepSpeed шардирует 18 Б/параметр по N: 2 Б 16-битных параметров + по 4 Б на fp32-параметры, градиенты, момент и дисперсию (в 16 Б статьи о ZeRO — 2 Б 16-битных градиентов)</translation>
        </message>
        <message>
            <source>DeepSpeed's table has no row with params offloaded and the optimizer on the GPU: the row with both offloaded is shown</source>
            <translation>В таблице DeepSpeed нет строки с выгруженными параметрами и оптимизатором на GPU: показана строка, где выгружено и то и другое</translation>
        </message>
        <message>
            <source>CPU figure with zero_init=1: the model is partitioned as it is built (deepspeed.zero.Init)</source>
            <translation>Цифра для CPU при zero_init=1: модель шардируется по мере построения (deepspeed.zero.Init)</translation>
        </message>
        <message>
            <source>CPU figure with zero_init=0: every process first builds the whole fp32 model on the CPU</source>
            <translation>Цифра для CPU при zero_init=0: каждый процесс сначала строит на CPU всю модель в fp32</translation>
        </message>
        <message>
            <source>DeepSpeed's CPU figure is per node and includes the %1 buffer factor: %2</source>
            <translation>Цифра DeepSpeed для CPU — на узел и включает коэффициент буфера %1: %2</translation>
        </message>
        <message>
            <source>2 B x most-loaded shard params</source>
            <translation>2 Б x параметры самого загруженного шарда</translation>
        </message>
        <message>
            <source>4 B x shard params (fp32 grads)</source>
            <translation>4 Б x параметры шарда (градиенты в fp32)</translation>
        </message>
        <message>
            <source>4 B x shard params / d (distributed optimizer)</source>
            <translation>4 Б x параметры шарда / d (распределённый оптимизатор)</translation>
        </message>
        <message>
            <source>8 B x shard params / d (distributed optimizer)</source>
            <translation>8 Б x параметры шарда / d (распределённый оптимизатор)</translation>
        </message>
        <message>
            <source>4 B x shard params (fp32 params)</source>
            <translation>4 Б x параметры шарда (параметры в fp32)</translation>
        </message>
        <message>
            <source>8 B x shard params (Adam)</source>
            <translation>8 Б x параметры шарда (Adam)</translation>
        </message>
        <message>
            <source>Korthikanti Table 2, SP + selective: s b h (18 + 4 ffn/h) / t per layer x L, + embedding</source>
            <translation>Korthikanti, табл. 2, SP + выборочный пересчёт: s b h (18 + 4 ffn/h) / t на слой x L, + эмбеддинг</translation>
        </message>
        <message>
            <source>s b h (10 + 24/t) per layer x L, + embedding, x 1.05</source>
            <translation>s b h (10 + 24/t) на слой x L, + эмбеддинг, x 1.05</translation>
        </message>
        <message>
            <source>s b h x 4 (1 + V/h) / t (output layer and loss)</source>
            <translation>s b h x 4 (1 + V/h) / t (выходной слой и функция потерь)</translation>
        </message>
        <message>
            <source>2 B x s b (V/t + h) x 1.05</source>
            <translation>2 Б x s b (V/t + h) x 1.05</translation>
        </message>
        <message>
            <source>not on the first stage (Megatron reports the first stage)</source>
            <translation>не на первой стадии (Megatron сообщает о первой стадии)</translation>
        </message>
        <message>
            <source>Megatron prints MB meaning MiB (2^20 bytes), to 2 decimals</source>
            <translation>Megatron печатает «MB», имея в виду МиБ (2^20 байт), с 2 знаками после запятой</translation>
        </message>
        <message>
            <source>Megatron has no ZeRO-%1: its report prices the distributed optimizer (6 + 12/d B/param), grads and 16-bit weights whole</source>
            <translation>В Megatron нет ZeRO-%1: его отчёт считает распределённый оптимизатор (6 + 12/d Б/параметр), а градиенты и 16-битные веса — целиком</translation>
        </message>
        <message>
            <source>Megatron counts 18 B/param (2 weights + 4 fp32 grads + 4 master + 8 Adam), 6 + 12/d with the distributed optimizer; the scenario's recipe is %1 B/param</source>
            <translation>Megatron считает 18 Б/параметр (2 веса + 4 градиенты в fp32 + 4 мастер-копия + 8 Adam), 6 + 12/d с распределённым оптимизатором; рецепт сценария: %1 Б/параметр</translation>
        </message>
        <message>
            <source>Megatron counts 18 B/param (2 weights + 4 fp32 grads + 4 master + 8 Adam); the scenario's recipe is %1 B/param</source>
            <translation>Megatron считает 18 Б/параметр (2 веса + 4 градиенты в fp32 + 4 мастер-копия + 8 Adam); рецепт сценария: %1 Б/параметр</translation>
        </message>
        <message>
            <source>Megatron counts %1 params (its formula: no linear biases, vocab padded to %2 = a multiple of 128 x t); ShardScope counts %3</source>
            <translation>Megatron насчитывает %1 параметров (его формула: без смещений линейных слоёв, словарь дополнен до %2 = кратного 128 x t); ShardScope насчитывает %3</translation>
        </message>
        <message>
            <source>Megatron's report has no full-recompute formula: it prices every layer's activations as stored; full recompute keeps 2 s b h per layer (Korthikanti Table 2)</source>
            <translation>В отчёте Megatron нет формулы для полного пересчёта: он считает активации каждого слоя хранимыми; при полном пересчёте на слой остаётся 2 s b h (Korthikanti, табл. 2)</translation>
        </message>
        <message>
            <source>Megatron's report assumes the attention core is recomputed (no 5 a s/h score term); with no recompute and no FlashAttention-style kernel the scores are stored</source>
            <translation>Отчёт Megatron предполагает, что ядро внимания пересчитывается (нет члена 5 a s/h для оценок); без пересчёта и без ядра в духе FlashAttention оценки хранятся</translation>
        </message>
        <message>
            <source>Megatron's report knows selective recompute of the attention core only; torchtitan's per-op checkpointing (every other matmul output saved) has no formula there, so it is priced as selective</source>
            <translation>Отчёт Megatron знает только выборочный пересчёт ядра внимания; для пооператорного чекпоинтинга torchtitan (сохраняется выход каждого второго matmul) формулы там нет, поэтому он считается как выборочный</translation>
        </message>
        <message>
            <source>without sequence parallelism Megatron uses s b h (10 + 24/t) per layer, x 1.05 overhead</source>
            <translation>без параллелизма по последовательности Megatron берёт s b h (10 + 24/t) на слой, x 1.05 накладных расходов</translation>
        </message>
        <message>
            <source>Megatron's activation formula is the GPT block's (q = k = v = h, its code says so); GQA, SwiGLU and RMSNorm change the per-layer bytes ShardScope derives</source>
            <translation>Формула активаций Megatron — для блока GPT (q = k = v = h, так сказано в его коде); GQA, SwiGLU и RMSNorm меняют байты на слой, которые выводит ShardScope</translation>
        </message>
        <message>
            <source>Megatron's report prices MoE activations as a dense MLP (Megatron-LM #1784)</source>
            <translation>Отчёт Megatron считает активации MoE как у плотного MLP (Megatron-LM #1784)</translation>
        </message>
        <message>
            <source>Megatron spreads each kind of layer evenly over the %1 stages (L/p dense and MoE layers each) and puts the embedding and the MTP block on the same shard; ShardScope places whole layers (the dense first layers on the first stage) and reports the worst rank</source>
            <translation>Megatron делит слои каждого вида поровну между %1 стадиями (по L/p плотных и MoE-слоёв) и кладёт эмбеддинг и блок MTP на один шард; ShardScope размещает слои целиком (первые плотные слои на первой стадии) и показывает худший ранг</translation>
        </message>
        <message>
            <source>Megatron counts %1 multi-token-prediction layer(s) on the most loaded shard; ShardScope's total leaves them out (the model card's main-model count)</source>
            <translation>Megatron учитывает %1 слой(ёв) предсказания нескольких токенов (MTP) на самом загруженном шарде; итог ShardScope их не включает (счёт основной модели из карточки модели)</translation>
        </message>
        <message>
            <source>Megatron reports the first stage: all L layers' activations (p micro-batches of L/p layers) and the embedding shard; ShardScope reports the worst rank</source>
            <translation>Megatron сообщает о первой стадии: активации всех L слоёв (p микробатчей по L/p слоёв) и шард эмбеддинга; ShardScope сообщает о худшем ранге</translation>
        </message>
        <message>
            <source>Megatron's report does not divide activations by the context-parallel size %1 and shards the distributed optimizer over d = N/(t p cp) only</source>
            <translation>Отчёт Megatron не делит активации на размер контекстного параллелизма %1 и шардирует распределённый оптимизатор только по d = N/(t p cp)</translation>
        </message>
        <message>
            <source>Megatron's report ignores ZeRO buffers, CUDA context and fragmentation</source>
            <translation>Отчёт Megatron не учитывает буферы ZeRO, контекст CUDA и фрагментацию</translation>
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
            <translation>4 Psi / N_d (из K = 12)</translation>
        </message>
        <message>
            <source>8 Psi / N_d (of K = 12)</source>
            <translation>8 Psi / N_d (из K = 12)</translation>
        </message>
        <message>
            <source>4 Psi (of K = 12)</source>
            <translation>4 Psi (из K = 12)</translation>
        </message>
        <message>
            <source>8 Psi (of K = 12)</source>
            <translation>8 Psi (из K = 12)</translation>
        </message>
        <message>
            <source>the paper fixes 2 + 2 + K = 16 B/param (K = 12: fp32 params, momentum, variance); the scenario's recipe is %1 + %2 + %3 + %4 = %5 B/param</source>
            <translation>статья фиксирует 2 + 2 + K = 16 Б/параметр (K = 12: параметры в fp32, момент, дисперсия); рецепт сценария: %1 + %2 + %3 + %4 = %5 Б/параметр</translation>
        </message>
        <message>
            <source>the paper divides Psi evenly over the t x p = %1 model-parallel GPUs; ShardScope's worst stage also holds the embedding</source>
            <translation>статья делит Psi поровну между t x p = %1 GPU модельного параллелизма; худшая стадия ShardScope держит ещё и эмбеддинг</translation>
        </message>
        <message>
            <source>P_os+g+p leaves out the layer gathered whole in forward and backward (ShardScope's ZeRO-3 gathered terms)</source>
            <translation>P_os+g+p не учитывает слой, собираемый целиком в прямом и обратном проходах (собранные составляющие ZeRO-3 в ShardScope)</translation>
        </message>
        <message>
            <source>the paper's Figure 1 has no offload (ZeRO-Offload came later); everything is on the GPU</source>
            <translation>на рис. 1 статьи нет выгрузки (ZeRO-Offload появился позже); всё лежит на GPU</translation>
        </message>
        <message>
            <source>Figure 1 counts model states only: activations and buffers are ZeRO-R's, not in these numbers</source>
            <translation>Рис. 1 учитывает только состояния модели: активации и буферы относятся к ZeRO-R и в эти числа не входят</translation>
        </message>
        <message>
            <source>largest of: model 4P, grads 6P, optimizer 8P, step 8P</source>
            <translation>наибольшее из: модель 4P, градиенты 6P, оптимизатор 8P, шаг 8P</translation>
        </message>
        <message>
            <source>largest of: 4P, 4P, 8P, step 16P</source>
            <translation>наибольшее из: 4P, 4P, 8P, шаг 16P</translation>
        </message>
        <message>
            <source>inside the one figure</source>
            <translation>внутри единственной цифры</translation>
        </message>
        <message>
            <source>accelerate takes the largest of its stages (model, gradients, optimizer, step), not their sum: 8 B/param for mixed precision</source>
            <translation>accelerate берёт наибольший из своих этапов (модель, градиенты, оптимизатор, шаг), а не их сумму: 8 Б/параметр для смешанной точности</translation>
        </message>
        <message>
            <source>accelerate takes the largest of its stages (model, gradients, optimizer, step), not their sum: 16 B/param for float32</source>
            <translation>accelerate берёт наибольший из своих этапов (модель, градиенты, оптимизатор, шаг), а не их сумму: 16 Б/параметр для float32</translation>
        </message>
        <message>
            <source>accelerate estimates one device holding the whole model: no DP, ZeRO, TP or PP sharding</source>
            <translation>accelerate оценивает одно устройство со всей моделью: без шардирования DP, ZeRO, TP или PP</translation>
        </message>
        <message>
            <source>accelerate builds AutoModel, without the LM head: %1 params fewer</source>
            <translation>accelerate строит AutoModel без LM-головы: на %1 параметров меньше</translation>
        </message>
        <message>
            <source>accelerate prints binary units (1024^n) named KB/MB/GB/TB, Python round(x, 2)</source>
            <translation>accelerate печатает двоичные единицы (1024^n) под именами «KB/MB/GB/TB», с Python round(x, 2)</translation>
        </message>
        <message>
            <source>accelerate's training figure is for batch size 1 with no activations</source>
            <translation>цифра accelerate для обучения — для размера батча 1 и без активаций</translation>
        </message>
        <message>
            <source>ShardScope: %1 (%2) per GPU on the worst rank (%3); host %4 per node</source>
            <translation>ShardScope: %1 (%2) на GPU на худшем ранге (%3); хост %4 на узел</translation>
        </message>
        <message>
            <source>must be a positive count</source>
            <translation>должно быть положительным числом</translation>
        </message>
        <message>
            <source>%1 is more than the model's %2 params</source>
            <translation>%1 — больше, чем %2 параметров модели</translation>
        </message>
        <message>
            <source>must be a number above 0 (DeepSpeed's default is 1.5)</source>
            <translation>должно быть числом больше 0 (по умолчанию в DeepSpeed — 1,5)</translation>
        </message>
        <message>
            <source>GiB, printed "GB"</source>
            <translation>ГиБ, печатается как «GB»</translation>
        </message>
        <message>
            <source>MiB, printed "MB"</source>
            <translation>МиБ, печатается как «MB»</translation>
        </message>
        <message>
            <source>GB (10^9 bytes)</source>
            <translation>ГБ (10^9 байт)</translation>
        </message>
        <message>
            <source>binary (1024^n), printed "bytes/KB/MB/GB/TB"</source>
            <translation>двоичные (1024^n), печатаются как «bytes/KB/MB/GB/TB»</translation>
        </message>
        <message>
            <source>bytes (shown in GB or GiB)</source>
            <translation>байты (показываются в ГБ или ГиБ)</translation>
        </message>
        <message>
            <source>DeepSpeed ZeRO-2 (legacy)</source>
            <translation>DeepSpeed ZeRO-2 (старая)</translation>
        </message>
        <message>
            <source>ZeRO paper</source>
            <translation>Статья о ZeRO</translation>
        </message>
        <message>
            <source>DeepSpeed deepspeed/runtime/zero/stage_1_and_2.py, estimate_zero2_model_states_mem_needs (v0.14.3+, PR #5099)</source>
            <translation>DeepSpeed deepspeed/runtime/zero/stage_1_and_2.py, estimate_zero2_model_states_mem_needs (v0.14.3+, PR #5099)</translation>
        </message>
        <message>
            <source>DeepSpeed stage_1_and_2.py before v0.14.3 (PR #5099); docs/code-docs/source/memory.rst prints it</source>
            <translation>DeepSpeed stage_1_and_2.py до v0.14.3 (PR #5099); её печатает docs/code-docs/source/memory.rst</translation>
        </message>
        <message>
            <source>DeepSpeed deepspeed/runtime/zero/stage3.py, estimate_zero3_model_states_mem_needs</source>
            <translation>DeepSpeed deepspeed/runtime/zero/stage3.py, estimate_zero3_model_states_mem_needs</translation>
        </message>
        <message>
            <source>Megatron-LM megatron/training/theoretical_memory_usage.py, report_theoretical_memory</source>
            <translation>Megatron-LM megatron/training/theoretical_memory_usage.py, report_theoretical_memory</translation>
        </message>
        <message>
            <source>Rajbhandari et al. 2020, ZeRO, Figure 1 and Table 1 (K = 12)</source>
            <translation>Rajbhandari и др., 2020, ZeRO, рис. 1 и табл. 1 (K = 12)</translation>
        </message>
        <message>
            <source>accelerate src/accelerate/commands/estimate.py, estimate_training_usage</source>
            <translation>accelerate src/accelerate/commands/estimate.py, estimate_training_usage</translation>
        </message>
        <message>
            <source>ShardScope computeFootprint(), worst rank (docs/model.md)</source>
            <translation>ShardScope computeFootprint(), худший ранг (docs/model.md)</translation>
        </message>
    </context>
    <context>
        <name>shardscope::PeersModel</name>
        <message>
            <source>GPU per device</source>
            <translation>GPU на устройство</translation>
        </message>
        <message>
            <source>Host per node</source>
            <translation>Хост на узел</translation>
        </message>
        <message>
            <source>The peer prints</source>
            <translation>Вывод инструмента</translation>
        </message>
        <message>
            <source>none</source>
            <translation>нет</translation>
        </message>
        <message>
            <source>ignored</source>
            <translation>не учтено</translation>
        </message>
        <message>
            <source>in total</source>
            <translation>в итоге</translation>
        </message>
        <message>
            <source>Term (%1)</source>
            <translation>Составляющая (%1)</translation>
        </message>
        <message>
            <source>%1: %2</source>
            <comment>a peer's name, then one of its reasons</comment>
            <translation>%1: %2</translation>
        </message>
    </context>
    <context>
        <name>shardscope::PeersPage</name>
        <message>
            <source>What other estimators would print for this scenario, each under its own convention (units, rounding, what it counts), beside ShardScope's worst rank. "ignored": the peer does not model the term; "in total": counted only inside one figure. Hover a cell for the formula; docs/peers.md names the sources.</source>
            <translation>Что напечатали бы другие оценщики для этого сценария, каждый по своим соглашениям (единицы, округление, что учитывается), рядом с худшим рангом ShardScope. «не учтено»: инструмент не моделирует составляющую; «в итоге»: учтено только внутри одной суммы. Наведите на ячейку, чтобы увидеть формулу; источники — в docs/peers.md.</translation>
        </message>
        <message>
            <source>&lt;b&gt;Why they differ from ShardScope&lt;/b&gt;</source>
            <translation>&lt;b&gt;Почему они расходятся с ShardScope&lt;/b&gt;</translation>
        </message>
        <message>
            <source>What the peer prints, byte for byte; click a column to choose the peer</source>
            <translation>Что печатает инструмент, байт в байт; щёлкните столбец, чтобы выбрать инструмент</translation>
        </message>
        <message>
            <source>from the architecture</source>
            <translation>из архитектуры</translation>
        </message>
        <message>
            <source>DeepSpeed ZeRO-3 largest_layer_params, e.g. 262144000 or 262M</source>
            <translation>largest_layer_params для DeepSpeed ZeRO-3, например 262144000 или 262M</translation>
        </message>
        <message>
            <source>DeepSpeed ZeRO-3: the model is built inside deepspeed.zero.Init</source>
            <translation>DeepSpeed ZeRO-3: модель строится внутри deepspeed.zero.Init</translation>
        </message>
        <message>
            <source>DeepSpeed additional_buffer_factor (CPU side; default 1.5)</source>
            <translation>additional_buffer_factor DeepSpeed (на стороне CPU; по умолчанию 1.5)</translation>
        </message>
        <message>
            <source>DeepSpeed inputs: largest layer params</source>
            <translation>Входы DeepSpeed: параметры крупнейшего слоя</translation>
        </message>
        <message>
            <source>buffer factor</source>
            <translation>коэффициент буфера</translation>
        </message>
        <message>
            <source>&lt;b&gt;What it prints&lt;/b&gt; (click a column)</source>
            <translation>&lt;b&gt;Что он печатает&lt;/b&gt; (щёлкните столбец)</translation>
        </message>
        <message>
            <source>No answer for this scenario: </source>
            <translation>Для этого сценария нет ответа: </translation>
        </message>
        <message>
            <source>largest layer params</source>
            <translation>параметры крупнейшего слоя</translation>
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
            <translation>нет</translation>
        </message>
        <message>
            <source>selective</source>
            <translation>выборочный</translation>
        </message>
        <message>
            <source>full</source>
            <translation>полный</translation>
        </message>
        <message>
            <source>per-op</source>
            <translation>по операциям</translation>
        </message>
        <message>
            <source>optimizer + params: %1</source>
            <translation>оптимизатор + параметры: %1</translation>
        </message>
        <message>
            <source>optimizer: %1</source>
            <translation>оптимизатор: %1</translation>
        </message>
        <message>
            <source>params: %1</source>
            <translation>параметры: %1</translation>
        </message>
        <message>
            <source>optimizer: %1, params: %2</source>
            <translation>оптимизатор: %1, параметры: %2</translation>
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
            <translation>микробатч %1 × %2</translation>
        </message>
        <message>
            <source>%1 recompute</source>
            <translation>пересчёт: %1</translation>
        </message>
        <message>
            <source>SP</source>
            <translation>SP</translation>
        </message>
        <message>
            <source>offload %1</source>
            <translation>выгрузка %1</translation>
        </message>
        <message>
            <source>on</source>
            <translation>вкл</translation>
        </message>
        <message>
            <source>off</source>
            <translation>выкл</translation>
        </message>
        <message>
            <source>Rank by the chosen measure (1 = best)</source>
            <translation>Место по выбранной мере (1 = лучшее)</translation>
        </message>
        <message>
            <source>Tensor-parallel size</source>
            <translation>Размер тензорного параллелизма</translation>
        </message>
        <message>
            <source>Pipeline-parallel stages</source>
            <translation>Стадии конвейерного параллелизма</translation>
        </message>
        <message>
            <source>Data-parallel replicas</source>
            <translation>Реплики параллелизма по данным</translation>
        </message>
        <message>
            <source>Model chunks per GPU (interleaved pipeline schedule when above 1)</source>
            <translation>Частей модели на GPU (чередующееся расписание конвейера, если больше 1)</translation>
        </message>
        <message>
            <source>ZeRO stage</source>
            <translation>Стадия ZeRO</translation>
        </message>
        <message>
            <source>Sequences per micro-batch</source>
            <translation>Последовательностей в микробатче</translation>
        </message>
        <message>
            <source>Micro-batches per optimizer step</source>
            <translation>Микробатчей на шаг оптимизатора</translation>
        </message>
        <message>
            <source>Activation checkpointing</source>
            <translation>Контрольные точки активаций</translation>
        </message>
        <message>
            <source>Sequence parallel</source>
            <translation>Параллелизм по последовательности</translation>
        </message>
        <message>
            <source>Optimizer and parameter offload</source>
            <translation>Выгрузка оптимизатора и параметров</translation>
        </message>
        <message>
            <source>Peak memory of the worst rank, as it meets the capacity line (%1)</source>
            <translation>Пиковая память худшего ранга, сравниваемая с линией ёмкости (%1)</translation>
        </message>
        <message>
            <source>Params, grads, master weights and optimizer states on the worst rank (%1)</source>
            <translation>Параметры, градиенты, мастер-веса и состояния оптимизатора на худшем ранге (%1)</translation>
        </message>
        <message>
            <source>Activations and logits on the worst rank (%1)</source>
            <translation>Активации и логиты на худшем ранге (%1)</translation>
        </message>
        <message>
            <source>One optimizer step, in seconds</source>
            <translation>Один шаг оптимизатора, в секундах</translation>
        </message>
        <message>
            <source>Forward, backward and recompute kernels, in seconds</source>
            <translation>Ядра прямого и обратного прохода и пересчёта, в секундах</translation>
        </message>
        <message>
            <source>Communication the compute waits for, in seconds</source>
            <translation>Обмен, которого ждут вычисления, в секундах</translation>
        </message>
        <message>
            <source>Pipeline idle time, in seconds</source>
            <translation>Простой конвейера, в секундах</translation>
        </message>
        <message>
            <source>Optimizer step, in seconds</source>
            <translation>Шаг оптимизатора, в секундах</translation>
        </message>
        <message>
            <source>Model TFLOP/s per GPU</source>
            <translation>TFLOP/s модели на GPU</translation>
        </message>
        <message>
            <source>Model FLOPs utilisation</source>
            <translation>Использование FLOPs моделью (MFU)</translation>
        </message>
        <message>
            <source>Tokens per second per GPU</source>
            <translation>Токенов в секунду на GPU</translation>
        </message>
        <message>
            <source>#</source>
            <translation>№</translation>
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
            <translation>Микро</translation>
        </message>
        <message>
            <source>Accum</source>
            <translation>Накопл.</translation>
        </message>
        <message>
            <source>Recompute</source>
            <translation>Пересчёт</translation>
        </message>
        <message>
            <source>Offload</source>
            <translation>Выгрузка</translation>
        </message>
        <message>
            <source>Peak (%1)</source>
            <translation>Пик (%1)</translation>
        </message>
        <message>
            <source>States (%1)</source>
            <translation>Состояния (%1)</translation>
        </message>
        <message>
            <source>Activ. (%1)</source>
            <translation>Актив. (%1)</translation>
        </message>
        <message>
            <source>Step (s)</source>
            <translation>Шаг (с)</translation>
        </message>
        <message>
            <source>Compute (s)</source>
            <translation>Вычисл. (с)</translation>
        </message>
        <message>
            <source>Comm (s)</source>
            <translation>Обмен (с)</translation>
        </message>
        <message>
            <source>Bubble (s)</source>
            <translation>Пузырь (с)</translation>
        </message>
        <message>
            <source>Optim. (s)</source>
            <translation>Оптим. (с)</translation>
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
            <translation>Токенов/с</translation>
        </message>
        <message>
            <source>EP %1 × expert TP %2</source>
            <translation>EP %1 × экспертный TP %2</translation>
        </message>
        <message>
            <source>%1% of capacity</source>
            <translation>%1% ёмкости</translation>
        </message>
        <message>
            <source>parameter offload</source>
            <translation>выгрузка параметров</translation>
        </message>
        <message>
            <source>Look twice: a peak above %1% of the GPU&apos;s memory leaves little room for what the model does not count (allocator spikes, other processes); parameter offload moves every weight over PCIe each step</source>
            <translation>Проверьте дважды: пик выше %1% памяти GPU оставляет мало места для того, что модель не учитывает (всплески аллокатора, другие процессы); выгрузка параметров передаёт все веса по PCIe на каждом шаге</translation>
        </message>
        <message>
            <source>Layouts above %1% of the GPU&apos;s capacity or relying on parameter offload</source>
            <translation>Раскладки выше %1% ёмкости GPU или с выгрузкой параметров</translation>
        </message>
        <message>
            <source>Check</source>
            <translation>Проверить</translation>
        </message>
    </context>
    <context>
        <name>shardscope::PlanMapModel</name>
        <message>
            <source>%1 s</source>
            <translation>%1 с</translation>
        </message>
        <message>
            <source>✖ no layout</source>
            <translation>✖ нет раскладки</translation>
        </message>
        <message>
            <source>%1, %2: not a valid layout for this model and cluster</source>
            <translation>%1, %2: недопустимая раскладка для этой модели и кластера</translation>
        </message>
        <message>
            <source>%1, %2: the best layout that fits takes %3 s per step</source>
            <translation>%1, %2: лучшая помещающаяся раскладка тратит %3 с на шаг</translation>
        </message>
        <message>
            <source>%1, %2: nothing fits; the smallest peak is %3</source>
            <translation>%1, %2: ничего не помещается; наименьший пик %3</translation>
        </message>
        <message>
            <source>%1, %2: no valid layout</source>
            <translation>%1, %2: нет допустимой раскладки</translation>
        </message>
        <message>
            <source>(layouts searched: %1)</source>
            <translation>(просмотрено раскладок: %1)</translation>
        </message>
        <message>
            <source>Click or press Enter to apply it.</source>
            <translation>Нажмите или Enter, чтобы применить.</translation>
        </message>
    </context>
    <context>
        <name>shardscope::PlanPage</name>
        <message>
            <source>Best step time by N × ZeRO stage</source>
            <translation>Лучшее время шага по N × стадия ZeRO</translation>
        </message>
        <message>
            <source>Step time</source>
            <translation>Время шага</translation>
        </message>
        <message>
            <source>MFU</source>
            <translation>MFU</translation>
        </message>
        <message>
            <source>Tokens/s per GPU</source>
            <translation>Токенов/с на GPU</translation>
        </message>
        <message>
            <source>What "best" means: the shortest step, the highest model FLOPs utilisation, or the most tokens per second per GPU</source>
            <translation>Что значит «лучшая»: самый короткий шаг, наибольшее MFU или больше всего токенов в секунду на GPU</translation>
        </message>
        <message>
            <source>Rank by:</source>
            <translation>Ранжировать по:</translation>
        </message>
        <message>
            <source>Best step time by TP × PP</source>
            <translation>Лучшее время шага по TP × PP</translation>
        </message>
        <message>
            <source>Each cell: the fastest layout that fits with that TP and PP (other knobs free). Green is the fastest cell, yellow 3× slower or more; ✖ means nothing fits, with the smallest peak. Click a cell or press Enter to apply its layout.</source>
            <translation>Каждая ячейка: самая быстрая помещающаяся раскладка с этими TP и PP (остальное свободно). Зелёный — самая быстрая ячейка, жёлтый — в 3× медленнее или больше; ✖ — ничего не помещается, указан наименьший пик. Нажмите на ячейку или Enter, чтобы применить её раскладку.</translation>
        </message>
        <message>
            <source>Each cell: the fastest layout that fits with that GPU count and ZeRO stage, at the same global batch. Click a cell or press Enter to apply its layout.</source>
            <translation>Каждая ячейка: самая быстрая помещающаяся раскладка при этом числе GPU и стадии ZeRO, с тем же глобальным батчем. Нажмите на ячейку или Enter, чтобы применить её раскладку.</translation>
        </message>
        <message>
            <source>Best layouts that fit (click or Enter applies one; Undo takes it back)</source>
            <translation>Лучшие помещающиеся раскладки (щелчок или Enter применяет; Отмена вернёт прежнее)</translation>
        </message>
        <message>
            <source>No search yet</source>
            <translation>Поиска ещё не было</translation>
        </message>
        <message>
            <source>Searching…</source>
            <translation>Поиск…</translation>
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
            <translation>просмотрено раскладок: %1; помещаются и просчитаны: %2; заведомо не быстрее их: %3; не помещаются: %4 (из них отсечено до расчёта памяти: %5) — %6 мс</translation>
        </message>
        <message>
            <source>No search: the scenario has no answer</source>
            <translation>Поиска нет: у сценария нет ответа</translation>
        </message>
        <message>
            <source>N = %1 (now)</source>
            <translation>N = %1 (сейчас)</translation>
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
            <translation>ни одна раскладка этой модели не помещается на эти GPU при этом глобальном батче</translation>
        </message>
        <message>
            <source>Nothing fits: %1.</source>
            <translation>Ничего не помещается: %1.</translation>
        </message>
        <message>
            <source>Sequences per optimizer step: data-parallel replicas × micro-batch × accumulation must equal it in every layout searched (the scenario&apos;s own until you type another)</source>
            <translation>Последовательностей на шаг оптимизатора: в каждой рассмотренной раскладке реплики данных × микробатч × накопление должны давать это число (значение сценария, пока вы не введёте другое)</translation>
        </message>
        <message>
            <source>Global batch:</source>
            <translation>Глобальный батч:</translation>
        </message>
        <message>
            <source>Memory kept free on each GPU: a layout fits when its peak is within the capacity less this margin (the scenario&apos;s safety margin)</source>
            <translation>Память, оставляемая свободной на каждом GPU: раскладка помещается, если её пик не превышает ёмкость за вычетом этого запаса (запас безопасности сценария)</translation>
        </message>
        <message>
            <source>Safety margin:</source>
            <translation>Запас безопасности:</translation>
        </message>
    </context>
    <context>
        <name>shardscope::PlanParetoChart</name>
        <message>
            <source>Pareto front</source>
            <translation>Фронт Парето</translation>
        </message>
        <message>
            <source>On the front</source>
            <translation>На фронте</translation>
        </message>
        <message>
            <source>Step time (s)</source>
            <translation>Время шага (с)</translation>
        </message>
        <message>
            <source>Layouts that fit: peak memory vs step time</source>
            <translation>Помещающиеся раскладки: пиковая память и время шага</translation>
        </message>
        <message>
            <source>Other layouts</source>
            <translation>Другие</translation>
        </message>
        <message>
            <source>Best</source>
            <translation>Лучшая</translation>
        </message>
        <message>
            <source>Capacity</source>
            <translation>Ёмкость</translation>
        </message>
        <message>
            <source>Worst-rank peak (%1)</source>
            <translation>Пик худшего ранга (%1)</translation>
        </message>
    </context>
    <context>
        <name>shardscope::PresenterBar</name>
        <message>
            <source>ZeRO stage</source>
            <translation>Стадия ZeRO</translation>
        </message>
        <message>
            <source>GPUs (N)</source>
            <translation>GPU (N)</translation>
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
            <translation>Микробатчи (m)</translation>
        </message>
        <message>
            <source>Checkpointing</source>
            <translation>Чекпоинтинг</translation>
        </message>
        <message>
            <source>Optimizer offload</source>
            <translation>Выгрузка оптимизатора</translation>
        </message>
        <message>
            <source>Schedule</source>
            <translation>Расписание</translation>
        </message>
        <message>
            <source>none</source>
            <translation>нет</translation>
        </message>
        <message>
            <source>selective</source>
            <translation>выборочный</translation>
        </message>
        <message>
            <source>full</source>
            <translation>полный</translation>
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
            <translation>чередующийся</translation>
        </message>
    </context>
    <context>
        <name>shardscope::RingView</name>
        <message>
            <source>Pause</source>
            <translation>Пауза</translation>
        </message>
        <message>
            <source>Play</source>
            <translation>Пуск</translation>
        </message>
        <message>
            <source>Pause the hops</source>
            <translation>Приостановить шаги</translation>
        </message>
        <message>
            <source>Play the collective hop by hop, slowly (one hop every %1 s)</source>
            <translation>Проиграть коллективную операцию по шагам, медленно (один шаг каждые %1 с)</translation>
        </message>
        <message>
            <source> (reduce-scatter half)</source>
            <translation> (половина reduce-scatter)</translation>
        </message>
        <message>
            <source> (all-gather half)</source>
            <translation> (половина all-gather)</translation>
        </message>
        <message>
            <source>One collective: %1 on a ring of %2 GPUs · hop %3 of %4%5</source>
            <translation>Одна коллективная операция: %1 на кольце из %2 GPU · шаг %3 из %4%5</translation>
        </message>
        <message>
            <source>Start: each GPU owns one chunk of the buffer.</source>
            <translation>Начало: каждый GPU владеет одним фрагментом буфера.</translation>
        </message>
        <message>
            <source>Start: each GPU holds all %1 chunks, each a partial (its own gradients).</source>
            <translation>Начало: каждый GPU хранит все %1 фрагментов, каждый — частичная сумма (его собственные градиенты).</translation>
        </message>
        <message>
            <source>End: each GPU owns one chunk, summed over all %1 GPUs.</source>
            <translation>Конец: каждый GPU владеет одним фрагментом, просуммированным по всем %1 GPU.</translation>
        </message>
        <message>
            <source>End: every GPU holds all %1 chunks, fully reduced.</source>
            <translation>Конец: каждый GPU хранит все %1 фрагментов, полностью редуцированные.</translation>
        </message>
        <message>
            <source>Each GPU sent one running sum to its right neighbour, which added its own partial.</source>
            <translation>Каждый GPU отправил одну накопленную сумму правому соседу, который добавил свою частичную сумму.</translation>
        </message>
        <message>
            <source>Each GPU passed one reduced chunk on to its right neighbour, which keeps a copy.</source>
            <translation>Каждый GPU передал один редуцированный фрагмент правому соседу, который сохраняет копию.</translation>
        </message>
        <message>
            <source>  ·  ] next hop, [ previous, or Play</source>
            <translation>  ·  ] следующий шаг, [ предыдущий, или «Пуск»</translation>
        </message>
        <message>
            <source>GPU %1</source>
            <translation>GPU %1</translation>
        </message>
        <message>
            <source>partial sum (number = GPUs summed)</source>
            <translation>частичная сумма (число = сколько GPU просуммировано)</translation>
        </message>
        <message>
            <source>Σ fully reduced chunk</source>
            <translation>Σ полностью редуцированный фрагмент</translation>
        </message>
        <message>
            <source>not held</source>
            <translation>не хранится</translation>
        </message>
        <message>
            <source>on an arrow: chunk sent in this hop (+ = added on arrival)</source>
            <translation>на стрелке: фрагмент, отправленный на этом шаге (+ = добавлен при получении)</translation>
        </message>
        <message>
            <source>Colour = which chunk of the buffer. Illustration: hops are stepped by hand or played slowly, not timed.</source>
            <translation>Цвет = какой фрагмент буфера. Иллюстрация: шаги выполняются вручную или медленно проигрываются, без реального времени.</translation>
        </message>
        <message>
            <source>One collective: %1 among %2 GPUs (an EP group), not a ring · exchange %3 of %4</source>
            <translation>Одна коллективная операция: %1 между %2 GPU (группа EP), не кольцо · обмен %3 из %4</translation>
        </message>
        <message>
            <source>Start: each GPU holds its routed tokens in %1 slices, one for each GPU&apos;s experts.</source>
            <translation>Начало: каждый GPU держит свои маршрутизированные токены в %1 срезах, по одному для экспертов каждого GPU.</translation>
        </message>
        <message>
            <source>End: each GPU holds the slices every GPU routed to its experts.</source>
            <translation>Конец: каждый GPU держит срезы, которые все GPU направили его экспертам.</translation>
        </message>
        <message>
            <source>Each GPU sent one slice straight to the GPU %1 places to its right: every GPU sends to every other.</source>
            <translation>Каждый GPU отправил один срез прямо GPU на %1 позиций правее: каждый GPU шлёт каждому другому.</translation>
        </message>
        <message>
            <source>Colour = whose tokens. Illustration: exchanges are stepped by hand or played slowly, not timed.</source>
            <translation>Цвет = чьи токены. Иллюстрация: обмены переключаются вручную или медленно проигрываются, без реального времени.</translation>
        </message>
        <message>
            <source>slice of GPU 0&apos;s tokens (tokens x top-k x hidden / GPUs)</source>
            <translation>срез токенов GPU 0 (токены x top-k x hidden / GPU)</translation>
        </message>
        <message>
            <source>sent, not yet received</source>
            <translation>отправлен, ещё не получен</translation>
        </message>
        <message>
            <source>arrow: a slice sent in this exchange</source>
            <translation>стрелка: срез, отправленный в этом обмене</translation>
        </message>
    </context>
    <context>
        <name>shardscope::ScenarioCommand</name>
        <message>
            <source>Change scenario</source>
            <translation>Изменить сценарий</translation>
        </message>
        <message>
            <source>Change %1 settings</source>
            <translation>Изменить настроек: %1</translation>
        </message>
        <message>
            <source>Change </source>
            <translation>Изменить: </translation>
        </message>
        <message>
            <source>, </source>
            <translation>, </translation>
        </message>
    </context>
    <context>
        <name>shardscope::SliderSpin</name>
        <message>
            <source>%1: %2 refused; enter a value from %3 to %4.</source>
            <translation>%1: значение %2 отклонено; введите значение от %3 до %4.</translation>
        </message>
    </context>
    <context>
        <name>shardscope::StepCommon</name>
        <message>
            <source>host</source>
            <translation>хост</translation>
        </message>
        <message>
            <source>%1 s</source>
            <comment>seconds</comment>
            <translation>%1 с</translation>
        </message>
        <message>
            <source>%1 ms</source>
            <comment>milliseconds</comment>
            <translation>%1 мс</translation>
        </message>
        <message>
            <source>%1 µs</source>
            <comment>microseconds</comment>
            <translation>%1 мкс</translation>
        </message>
        <message>
            <source>compute</source>
            <comment>event kind: kernels on the compute stream</comment>
            <translation>вычисления</translation>
        </message>
        <message>
            <source>all-reduce</source>
            <comment>collective</comment>
            <translation>all-reduce</translation>
        </message>
        <message>
            <source>reduce-scatter</source>
            <comment>collective</comment>
            <translation>reduce-scatter</translation>
        </message>
        <message>
            <source>all-gather</source>
            <comment>collective</comment>
            <translation>all-gather</translation>
        </message>
        <message>
            <source>send</source>
            <comment>event kind: point-to-point send of activations or gradients to another pipeline stage</comment>
            <translation>отправка</translation>
        </message>
        <message>
            <source>recv</source>
            <comment>event kind: point-to-point receive from another pipeline stage</comment>
            <translation>приём</translation>
        </message>
        <message>
            <source>h2d</source>
            <comment>event kind: copy from host memory to the GPU (offload)</comment>
            <translation>копирование хост→GPU</translation>
        </message>
        <message>
            <source>d2h</source>
            <comment>event kind: copy from the GPU to host memory (offload)</comment>
            <translation>копирование GPU→хост</translation>
        </message>
        <message>
            <source>forward</source>
            <comment>step phase: forward pass</comment>
            <translation>прямой проход</translation>
        </message>
        <message>
            <source>backward</source>
            <comment>step phase: backward pass</comment>
            <translation>обратный проход</translation>
        </message>
        <message>
            <source>recompute</source>
            <comment>step phase: activation recomputation (checkpointing)</comment>
            <translation>пересчёт</translation>
        </message>
        <message>
            <source>optimizer</source>
            <comment>step phase: the optimizer step</comment>
            <translation>шаг оптимизатора</translation>
        </message>
        <message>
            <source>all-to-all</source>
            <translation>all-to-all</translation>
        </message>
    </context>
    <context>
        <name>shardscope::StepGpuView</name>
        <message>
            <source>idle</source>
            <translation>простой</translation>
        </message>
        <message>
            <source>idle: waiting for another stage (bubble)</source>
            <translation>простой: ожидание другой стадии (пузырь)</translation>
        </message>
        <message>
            <source>waiting for %1 %2</source>
            <translation>ожидание: %1 %2</translation>
        </message>
        <message>
            <source>communicating</source>
            <translation>обмен данными</translation>
        </message>
        <message>
            <source> layer %1</source>
            <translation>, слой %1</translation>
        </message>
        <message>
            <source>-%1</source>
            <translation>-%1</translation>
        </message>
        <message>
            <source> LM head</source>
            <translation>, выходной слой LM</translation>
        </message>
        <message>
            <source>TP %1 x DP %2 x PP %3 = %4 GPUs, %5 per node · rank = tp + TP (dp + DP pp)</source>
            <translation>TP %1 x DP %2 x PP %3 = %4 GPU, %5 на узел · ранг = tp + TP (dp + DP pp)</translation>
        </message>
        <message>
            <source> · showing ranks %1-%2 · x %3/%4: the other GPUs repeat them</source>
            <translation> · показаны ранги %1-%2 · x %3/%4: остальные GPU их повторяют</translation>
        </message>
        <message>
            <source>stage %1 (worst rank) now: %2 · memory %3 of %4</source>
            <translation>стадия %1 (худший ранг) сейчас: %2 · память %3 из %4</translation>
        </message>
        <message>
            <source>node %1</source>
            <translation>узел %1</translation>
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
            <translation>пик %1</translation>
        </message>
        <message>
            <source>layer %1</source>
            <translation>слой %1</translation>
        </message>
        <message>
            <source>embedding</source>
            <translation>эмбеддинг</translation>
        </message>
        <message>
            <source>LM head</source>
            <translation>выходной слой LM</translation>
        </message>
        <message>
            <source>updated params</source>
            <translation>обновлённые параметры</translation>
        </message>
        <message>
            <source>activations</source>
            <translation>активации</translation>
        </message>
        <message>
            <source>%1 %2 · %3 (%4%5) · buffer %6, %7 sent per GPU</source>
            <translation>%1 %2 · %3 (%4%5) · буфер %6, отправлено %7 на GPU</translation>
        </message>
        <message>
            <source>, micro-batch %1</source>
            <translation>, микробатч %1</translation>
        </message>
        <message>
            <source>%1 modelled (%2 exposed) · %3 of %4 ranks over %5 · ring step %6 of %7 · illustration: one loop per %8 s, not to scale</source>
            <translation>%1 по модели (%2 не скрыто) · %3 из %4 рангов через %5 · шаг кольца %6 из %7 · иллюстрация: один круг за %8 с, не в масштабе</translation>
        </message>
        <message>
            <source>pair</source>
            <translation>пара</translation>
        </message>
        <message>
            <source>ring</source>
            <translation>кольцо</translation>
        </message>
        <message>
            <source>PCIe</source>
            <translation>PCIe</translation>
        </message>
        <message>
            <source>the NIC</source>
            <translation>сетевую карту</translation>
        </message>
        <message>
            <source>NVLink</source>
            <translation>NVLink</translation>
        </message>
        <message>
            <source> · %1 of the ring drawn</source>
            <translation> · показано %1 из кольца</translation>
        </message>
        <message>
            <source>no communication in this step (one GPU, or nothing to share)</source>
            <translation>в этом шаге нет обмена данными (один GPU или нечего делить)</translation>
        </message>
        <message>
            <source> · showing ranks %1-%2 of %3 (stage %4) · the other stages run other layers at other times</source>
            <translation> · показаны ранги %1-%2 из %3 (стадия %4) · остальные стадии выполняют другие слои в другое время</translation>
        </message>
        <message>
            <source> · showing ranks %1-%2 of %3 (stages %4-%5) · the other stages run other layers at other times</source>
            <translation> · показаны ранги %1-%2 из %3 (стадии %4-%5) · остальные стадии выполняют другие слои в другое время</translation>
        </message>
        <message>
            <source>%1 at %2/s</source>
            <translation>%1 на %2/с</translation>
        </message>
        <message>
            <source>%1 NIC channels x %2/s = %3/s per node</source>
            <translation>%1 каналов NIC x %2/с = %3/с на узел</translation>
        </message>
        <message>
            <source>%1 NIC channels x %2/s = %3/s per node, capped at NVLink's %4/s</source>
            <translation>%1 каналов NIC x %2/с = %3/с на узел, не больше %4/с NVLink</translation>
        </message>
        <message>
            <source>no communication right now (the playhead is between collectives)</source>
            <translation>сейчас нет обмена данными (указатель между коллективными операциями)</translation>
        </message>
        <message>
            <source>NVLink and the NIC</source>
            <translation>NVLink и NIC</translation>
        </message>
        <message>
            <source>%1 modelled (%2 exposed) · all-to-all of %3 GPUs over %4: every GPU sends a slice (tokens x top-k x hidden) of %5 to every other · exchange %6 of %7 · illustration: one loop per %8 s, not to scale</source>
            <translation>%1 по модели (%2 открыто) · all-to-all из %3 GPU через %4: каждый GPU шлёт каждому другому срез (токены x top-k x hidden) по %5 · обмен %6 из %7 · иллюстрация: один цикл за %8 с, не в масштабе</translation>
        </message>
    </context>
    <context>
        <name>shardscope::StepPipelineView</name>
        <message>
            <source>stage %1 · %2 in flight</source>
            <translation>стадия %1 · в работе %2</translation>
        </message>
        <message>
            <source>pipeline</source>
            <translation>конвейер</translation>
        </message>
        <message>
            <source>interleaved 1F1B</source>
            <translation>чередующийся 1F1B</translation>
        </message>
        <message>
            <source>PP = 1: no pipeline. The %1 micro-batch(es) of the step run one after another on every GPU; nothing waits for another stage.</source>
            <translation>PP = 1: конвейера нет. Микробатчи шага (%1) выполняются друг за другом на каждом GPU; никто не ждёт другой стадии.</translation>
        </message>
        <message>
            <source>%1 stages x %2 micro-batches: too many blocks to draw (the step's totals still hold).</source>
            <translation>%1 стадий x %2 микробатчей: слишком много блоков для рисования (итоги шага остаются верными).</translation>
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
            <translation>%1 · p = %2, m = %3%4 · пузырь %5% шага (идеал %6 = %7%)</translation>
        </message>
        <message>
            <source>, v = %1</source>
            <translation>, v = %1</translation>
        </message>
        <message>
            <source>blue: forward, green: backward (number: micro-batch); hatched: bubble</source>
            <translation>синий: прямой проход, зелёный: обратный (число: микробатч); штриховка: пузырь</translation>
        </message>
        <message>
            <source>%1 · p = %2, m = %3%4 · bubble %5% of the step</source>
            <translation>%1 · p = %2, m = %3%4 · пузырь %5% шага</translation>
        </message>
        <message>
            <source>p = %1, m = %2 · bubble %3%</source>
            <translation>p = %1, m = %2 · пузырь %3%</translation>
        </message>
        <message>
            <source>blue: forward, green: backward; hatched: bubble</source>
            <translation>синий: прямой, зелёный: обратный; штриховка: пузырь</translation>
        </message>
        <message>
            <source>blue: forward, green: backward</source>
            <translation>синий: прямой, зелёный: обратный</translation>
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
            <translation>выход внимания</translation>
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
            <translation>Тензорный параллелизм: веса одного слоя на TP = %1 GPU</translation>
        </message>
        <message>
            <source>TP = 1: every GPU holds each layer's matrices whole</source>
            <translation>TP = 1: каждый GPU хранит матрицы каждого слоя целиком</translation>
        </message>
        <message>
            <source>Column-parallel matmuls need no communication; each row-parallel one ends in partial sums that the group adds up (TP traffic this step: %1 per GPU).</source>
            <translation>Умножения с разбиением по столбцам не требуют обмена; каждое с разбиением по строкам даёт частичные суммы, которые группа складывает (трафик TP на этом шаге: %1 на GPU).</translation>
        </message>
        <message>
            <source>Raise TP to split these matrices across GPUs of a node.</source>
            <translation>Увеличьте TP, чтобы разделить эти матрицы между GPU узла.</translation>
        </message>
        <message>
            <source>%1 %2x%3 · %4</source>
            <translation>%1 %2x%3 · %4</translation>
        </message>
        <message>
            <source>by columns</source>
            <translation>по столбцам</translation>
        </message>
        <message>
            <source>by rows</source>
            <translation>по строкам</translation>
        </message>
        <message>
            <source>GPU k holds %1</source>
            <translation>GPU k хранит %1</translation>
        </message>
        <message>
            <source>of which Q: %1</source>
            <translation>из них Q: %1</translation>
        </message>
        <message>
            <source>reduce-scatter (+ all-gather before the next)</source>
            <translation>reduce-scatter (+ all-gather перед следующим)</translation>
        </message>
        <message>
            <source>all-reduce</source>
            <translation>all-reduce</translation>
        </message>
        <message>
            <source>then %1 of s·b·h = %2</source>
            <translation>затем %1 для s·b·h = %2</translation>
        </message>
    </context>
    <context>
        <name>shardscope::StepView</name>
        <message>
            <source>Back</source>
            <translation>Назад</translation>
        </message>
        <message>
            <source>Previous event (Left)</source>
            <translation>Предыдущее событие (Влево)</translation>
        </message>
        <message>
            <source>Play</source>
            <translation>Пуск</translation>
        </message>
        <message>
            <source>Play / pause (Space)</source>
            <translation>Пуск / пауза (Пробел)</translation>
        </message>
        <message>
            <source>Next</source>
            <translation>Далее</translation>
        </message>
        <message>
            <source>Next event (Right)</source>
            <translation>Следующее событие (Вправо)</translation>
        </message>
        <message>
            <source>Speed (+/-): at 1x the step plays in %1 s</source>
            <translation>Скорость (+/-): при 1x шаг проигрывается за %1 с</translation>
        </message>
        <message>
            <source>One collective</source>
            <translation>Одна коллективная операция</translation>
        </message>
        <message>
            <source>Show one collective on a ring of 4 GPUs, hop by hop (] next hop, [ previous)</source>
            <translation>Показать одну коллективную операцию на кольце из 4 GPU, шаг за шагом (] следующий шаг, [ предыдущий)</translation>
        </message>
        <message>
            <source>no step for this scenario</source>
            <translation>для этого сценария нет шага</translation>
        </message>
        <message>
            <source>In the modelled step the largest %1 is %2 %3 over %4 GPUs: %5 buffer, %6 sent per GPU in %7 hops, %8.</source>
            <translation>В смоделированном шаге наибольшая операция %1 — это %2 %3 по %4 GPU: буфер %5, отправлено %6 на GPU за %7 шагов кольца, %8.</translation>
        </message>
        <message>
            <source>The modelled step has no %1.</source>
            <translation>В смоделированном шаге нет %1.</translation>
        </message>
        <message>
            <source>Pause</source>
            <translation>Пауза</translation>
        </message>
        <message>
            <source>No scenario.</source>
            <translation>Нет сценария.</translation>
        </message>
        <message>
            <source>Cannot model this step: %1</source>
            <translation>Невозможно смоделировать этот шаг: %1</translation>
        </message>
        <message>
            <source>%1 / %2 · event %3 of %4</source>
            <translation>%1 / %2 · событие %3 из %4</translation>
        </message>
        <message>
            <source>&lt;span style='color:#d94a3d'&gt;⚠ No step for this scenario: %1. Showing the last valid step.&lt;/span&gt;&lt;br&gt;</source>
            <translation>&lt;span style='color:#d94a3d'&gt;⚠ Для этого сценария нет шага: %1. Показан последний корректный шаг.&lt;/span&gt;&lt;br&gt;</translation>
        </message>
        <message>
            <source>TP 1: no tensor split</source>
            <translation>TP 1: тензоры не разделены</translation>
        </message>
        <message>
            <source>PP 1: no pipeline</source>
            <translation>PP 1: конвейера нет</translation>
        </message>
        <message>
            <source>&lt;b&gt;Step %1&lt;/b&gt; · %2 TFLOP/s per GPU · MFU %3% · %4 tokens/s per GPU · compute %5, recompute %6, exposed comm %7 (hidden %8), bubble %9, optimizer %10 · %11 · kernel efficiency %12 (not an MFU)%13</source>
            <translation>&lt;b&gt;Шаг %1&lt;/b&gt; · %2 TFLOP/s на GPU · MFU %3% · %4 токенов/с на GPU · вычисления %5, пересчёт %6, нескрытый обмен %7 (скрытый %8), пузырь %9, оптимизатор %10 · %11 · эффективность ядер %12 (не MFU)%13</translation>
        </message>
        <message>
            <source>fits</source>
            <translation>помещается</translation>
        </message>
        <message>
            <source>&lt;span style='color:#d94a3d'&gt;does not fit&lt;/span&gt;</source>
            <translation>&lt;span style='color:#d94a3d'&gt;не помещается&lt;/span&gt;</translation>
        </message>
        <message>
            <source> · events merged (%1 layers, %2 blocks each)</source>
            <translation> · события объединены (по %1 слоёв, по %2 блоков)</translation>
        </message>
        <message>
            <source>TFLOP/s per GPU counts the FLOPs executed, recomputation included; MFU counts the model's FLOPs only. The kernel efficiency is the fraction of peak the GEMM kernels reach: a property of the kernels, not an MFU.</source>
            <translation>TFLOP/s на GPU считает выполненные FLOP, включая пересчёт; MFU считает только FLOP модели. Эффективность ядер — доля пиковой производительности, которую достигают ядра GEMM: свойство ядер, а не MFU.</translation>
        </message>
        <message>
            <source>Pipeline schedule</source>
            <translation>Расписание конвейера</translation>
        </message>
        <message>
            <source>Timeline</source>
            <translation>Временная шкала</translation>
        </message>
        <message>
            <source>Memory over the step</source>
            <translation>Память за шаг</translation>
        </message>
        <message>
            <source>TP split</source>
            <translation>Разбиение TP</translation>
        </message>
        <message>
            <source>&lt;b&gt;Expert all-to-all&lt;/b&gt; · %1 per step on this GPU (dispatch and combine, forward and backward, per MoE layer and micro-batch) · %2 each, %3 in all%4 · each sends %5 to the other %6 GPUs of its EP group</source>
            <translation>&lt;b&gt;All-to-all экспертов&lt;/b&gt; · %1 за шаг на этом GPU (рассылка и сборка, прямой и обратный проход, на каждый слой MoE и микробатч) · по %2, всего %3%4 · каждый отправляет %5 остальным %6 GPU своей группы EP</translation>
        </message>
        <message>
            <source> · the overlap&apos;s own cost %1 (Megatron-Core&apos;s measured cost per MoE layer and micro-batch, in the MLP&apos;s time)</source>
            <translation> · собственная стоимость совмещения %1 (измеренная в Megatron-Core стоимость на каждый слой MoE и микробатч, входит во время MLP)</translation>
        </message>
        <message>
            <source> · the dropless dispatcher&apos;s synchronisation leaves the GPU idle %1 (Megatron-Core&apos;s measured idle per MoE layer forward and micro-batch, in the MLP&apos;s time)</source>
            <translation> · синхронизация диспетчера без отбрасывания токенов оставляет GPU простаивать %1 (измеренный в Megatron-Core простой на каждый прямой проход слоя MoE и микробатч, входит во время MLP)</translation>
        </message>
        <message>
            <source>, overlapped with compute (what it cannot cover is in the MLP&apos;s time)</source>
            <translation>, совмещены с вычислениями (непокрытая часть входит во время MLP)</translation>
        </message>
        <message>
            <source>, exposed (in the MLP&apos;s time)</source>
            <translation>, открыты (входят во время MLP)</translation>
        </message>
        <message>
            <source>One all-to-all: %1 tokens enter this GPU&apos;s dispatcher, each sent to %2 expert copies (top-k x capacity factor) of %3 each; %4 leave this GPU, %5 over NVLink and %6 over the NIC (the EP group spans %7 nodes). %8 per GPU per step in all (docs/model.md, &quot;MoE all-to-all&quot;).</source>
            <translation>Один all-to-all: %1 токенов входят в диспетчер этого GPU, каждый отправляется %2 копиям экспертов (top-k x коэффициент ёмкости) по %3; с этого GPU уходит %4, %5 по NVLink и %6 через сетевую карту (группа EP занимает %7 узлов). Всего %8 на GPU за шаг (docs/model.md, «MoE all-to-all»).</translation>
        </message>
    </context>
    <context>
        <name>shardscope::TermStyle</name>
        <message>
            <source>Parameters</source>
            <translation>Параметры</translation>
        </message>
        <message>
            <source>Gradients</source>
            <translation>Градиенты</translation>
        </message>
        <message>
            <source>fp32 master weights</source>
            <translation>fp32 мастер-веса</translation>
        </message>
        <message>
            <source>Optimizer states</source>
            <translation>Состояния оптимизатора</translation>
        </message>
        <message>
            <source>Activations</source>
            <translation>Активации</translation>
        </message>
        <message>
            <source>Logits</source>
            <translation>Логиты</translation>
        </message>
        <message>
            <source>ZeRO-3 gathered params</source>
            <translation>Собранные веса ZeRO-3</translation>
        </message>
        <message>
            <source>ZeRO-3 unsharded grads</source>
            <translation>Полные градиенты ZeRO-3</translation>
        </message>
        <message>
            <source>Comm. buckets</source>
            <translation>Бакеты обмена</translation>
        </message>
        <message>
            <source>fp8 transients</source>
            <translation>Временные буферы fp8</translation>
        </message>
        <message>
            <source>CUDA context</source>
            <translation>Контекст CUDA</translation>
        </message>
        <message>
            <source>Fragmentation</source>
            <translation>Фрагментация</translation>
        </message>
        <message>
            <source>The model's weights held by this GPU, in the recipe's weight precision.</source>
            <translation>Веса модели, которые хранит этот GPU, в точности весов рецепта.</translation>
        </message>
        <message>
            <source>Gradients of this GPU's parameters, in the recipe's gradient precision.</source>
            <translation>Градиенты параметров этого GPU в точности градиентов рецепта.</translation>
        </message>
        <message>
            <source>The fp32 master copy of the weights that mixed-precision optimizers update.</source>
            <translation>fp32 мастер-копия весов, которую обновляют оптимизаторы со смешанной точностью.</translation>
        </message>
        <message>
            <source>Optimizer states, e.g. Adam's first and second moments.</source>
            <translation>Состояния оптимизатора, например первый и второй моменты Adam.</translation>
        </message>
        <message>
            <source>Layer outputs saved in the forward pass for the backward pass, for every micro-batch in flight.</source>
            <translation>Выходы слоёв, сохранённые при прямом проходе для обратного, для каждого микробатча в работе.</translation>
        </message>
        <message>
            <source>The output logits and the fp32 copy the loss is computed on (last stage).</source>
            <translation>Выходные логиты и их fp32-копия, по которой считается функция потерь (последняя стадия).</translation>
        </message>
        <message>
            <source>ZeRO-3/FSDP: full 16-bit weights of the block in use and the prefetched next one.</source>
            <translation>ZeRO-3/FSDP: полные 16-битные веса используемого блока и заранее загруженного следующего.</translation>
        </message>
        <message>
            <source>ZeRO-3/FSDP: a block's full gradients in backward before the reduce-scatter shards them.</source>
            <translation>ZeRO-3/FSDP: полные градиенты блока при обратном проходе, пока reduce-scatter их не шардирует.</translation>
        </message>
        <message>
            <source>Communication buckets: DDP's gradient copies or ZeRO's reduce/all-gather buckets.</source>
            <translation>Бакеты обмена: копии градиентов DDP или бакеты reduce/all-gather в ZeRO.</translation>
        </message>
        <message>
            <source>fp8 recipes: fp8 copies of a layer's weights and saved fp8 GEMM inputs.</source>
            <translation>Рецепты fp8: fp8-копии весов слоя и сохранённые fp8-входы GEMM.</translation>
        </message>
        <message>
            <source>CUDA context, cuBLAS/cuDNN workspaces and NCCL buffers.</source>
            <translation>Контекст CUDA, рабочие области cuBLAS/cuDNN и буферы NCCL.</translation>
        </message>
        <message>
            <source>Memory the caching allocator holds but cannot use (a fraction of the rest).</source>
            <translation>Память, которую кэширующий аллокатор держит, но не может использовать (доля от остального).</translation>
        </message>
    </context>
    <context>
        <name>shardscope::TourPanel</name>
        <message>
            <source>◀ Previous</source>
            <translation>◀ Назад</translation>
        </message>
        <message>
            <source>Next ▶</source>
            <translation>Далее ▶</translation>
        </message>
        <message>
            <source>End Tour</source>
            <translation>Завершить</translation>
        </message>
        <message>
            <source>Previous step (Left, Page Up)</source>
            <translation>Предыдущий шаг (Влево, Page Up)</translation>
        </message>
        <message>
            <source>Next step (Right, Page Down)</source>
            <translation>Следующий шаг (Вправо, Page Down)</translation>
        </message>
        <message>
            <source>No tour is open. File &gt; Open Tour… or Tour &gt; a built-in tour.</source>
            <translation>Экскурсия не открыта. Файл &gt; Открыть экскурсию… или Экскурсия &gt; встроенная экскурсия.</translation>
        </message>
        <message>
            <source>Step %1 of %2</source>
            <translation>Шаг %1 из %2</translation>
        </message>
        <message>
            <source>This step has no answer: %1</source>
            <translation>У этого шага нет ответа: %1</translation>
        </message>
        <message>
            <source>Running the mini trainer (%1 ranks)…</source>
            <translation>Работает мини-тренер (рангов: %1)…</translation>
        </message>
        <message>
            <source>not translated into %1: shown in English</source>
            <translation>перевода нет (%1): показан английский текст</translation>
        </message>
    </context>
    <context>
        <name>shardscope::TrainDemoPanel</name>
        <message>
            <source>params</source>
            <translation>параметры</translation>
        </message>
        <message>
            <source>grads</source>
            <translation>градиенты</translation>
        </message>
        <message>
            <source>master</source>
            <translation>мастер-копия</translation>
        </message>
        <message>
            <source>moments</source>
            <translation>моменты</translation>
        </message>
        <message>
            <source>gathered</source>
            <translation>собранные</translation>
        </message>
        <message>
            <source>scratch</source>
            <translation>временные</translation>
        </message>
        <message>
            <source>peak</source>
            <translation>пик</translation>
        </message>
        <message>
            <source>bf16 params and grads, fp32 master</source>
            <translation>параметры и градиенты в bf16, мастер-копия в fp32</translation>
        </message>
        <message>
            <source>Run</source>
            <translation>Запустить</translation>
        </message>
        <message>
            <source>Cancel</source>
            <translation>Отмена</translation>
        </message>
        <message>
            <source>measured</source>
            <translation>измерено</translation>
        </message>
        <message>
            <source>predicted</source>
            <translation>предсказано</translation>
        </message>
        <message>
            <source>Trains a 1.4M-parameter MLP for real over N ranks (threads) and measures every buffer each rank allocates. The global batch (48) must split evenly over the ranks.</source>
            <translation>Обучает настоящий MLP на 1,4 млн параметров на N рангах (потоках) и измеряет каждый буфер, который выделяет каждый ранг. Глобальный батч (48) должен делиться на ранги поровну.</translation>
        </message>
        <message>
            <source>Strategy</source>
            <translation>Стратегия</translation>
        </message>
        <message>
            <source>Ranks</source>
            <translation>Ранги</translation>
        </message>
        <message>
            <source>Steps</source>
            <translation>Шаги</translation>
        </message>
        <message>
            <source>Rank 0: measured vs predicted bytes</source>
            <translation>Ранг 0: измеренные и предсказанные байты</translation>
        </message>
        <message>
            <source>MB (10^6 bytes)</source>
            <translation>МБ (10^6 байт)</translation>
        </message>
        <message>
            <source>Bytes: measured vs predicted</source>
            <translation>Байты: измерено и предсказано</translation>
        </message>
        <message>
            <source>Replay the ring messages</source>
            <translation>Повтор сообщений кольца</translation>
        </message>
        <message>
            <source>Cannot run: %1</source>
            <translation>Невозможно запустить: %1</translation>
        </message>
        <message>
            <source>Running %1 over %2 ranks...</source>
            <translation>Идёт %1 на %2 рангах...</translation>
        </message>
        <message>
            <source>The run failed: %1</source>
            <translation>Запуск не удался: %1</translation>
        </message>
        <message>
            <source>Cancelled after %1 of %2 steps.</source>
            <translation>Отменено после %1 из %2 шагов.</translation>
        </message>
        <message>
            <source>Done: %1 steps.</source>
            <translation>Готово: %1 шагов.</translation>
        </message>
        <message>
            <source>Loss %1 -&gt; %2.</source>
            <translation>Потери %1 -&gt; %2.</translation>
        </message>
        <message>
            <source>Rank 0 sent %1 MB in %2 ring messages (replayed in "Replay the ring messages").</source>
            <translation>Ранг 0 отправил %1 МБ в %2 сообщениях кольца (см. «Повтор сообщений кольца»).</translation>
        </message>
        <message>
            <source>Cannot run: </source>
            <translation>Невозможно запустить: </translation>
        </message>
        <message>
            <source>The run failed: </source>
            <translation>Запуск не удался: </translation>
        </message>
        <message>
            <source>Cancelled after %1 of %2 steps. </source>
            <translation>Отменено после %1 из %2 шагов. </translation>
        </message>
        <message>
            <source>Done: %1 steps. </source>
            <translation>Готово: шагов: %1. </translation>
        </message>
        <message>
            <source>Loss %1 -&gt; %2. </source>
            <translation>Потери %1 -&gt; %2. </translation>
        </message>
        <message>
            <source>Rank 0 sent %1 MB in %2 ring messages.</source>
            <translation>Ранг 0 отправил %1 МБ в %2 сообщениях кольца.</translation>
        </message>
    </context>
    <context>
        <name>shardscope::TrainReplayCanvas</name>
        <message>
            <source>sent %1 B</source>
            <translation>отправлено %1 Б</translation>
        </message>
        <message>
            <source>All-gather: each rank passes a finished chunk to its right neighbour, which keeps a copy.</source>
            <translation>All-gather: каждый ранг передаёт готовый фрагмент правому соседу, и тот сохраняет копию.</translation>
        </message>
        <message>
            <source>Reduce-scatter: each rank passes a partial sum of one chunk to its right neighbour, which adds its own gradients of that chunk.</source>
            <translation>Reduce-scatter: каждый ранг передаёт частичную сумму одного фрагмента правому соседу, и тот прибавляет свои градиенты этого фрагмента.</translation>
        </message>
        <message>
            <source>rank %1</source>
            <translation>ранг %1</translation>
        </message>
        <message>
            <source>chunk %1: %2</source>
            <translation>фрагмент %1: %2</translation>
        </message>
    </context>
    <context>
        <name>shardscope::TrainReplayView</name>
        <message>
            <source>First</source>
            <translation>В начало</translation>
        </message>
        <message>
            <source>Back</source>
            <translation>Назад</translation>
        </message>
        <message>
            <source>Play</source>
            <translation>Воспроизвести</translation>
        </message>
        <message>
            <source>Forward</source>
            <translation>Вперёд</translation>
        </message>
        <message>
            <source>Last</source>
            <translation>В конец</translation>
        </message>
        <message>
            <source>The first hop of the step</source>
            <translation>Первый переход шага</translation>
        </message>
        <message>
            <source>The previous hop</source>
            <translation>Предыдущий переход</translation>
        </message>
        <message>
            <source>Play the step's hops in recorded order</source>
            <translation>Воспроизвести переходы шага в записанном порядке</translation>
        </message>
        <message>
            <source>The next hop</source>
            <translation>Следующий переход</translation>
        </message>
        <message>
            <source>The last hop of the step</source>
            <translation>Последний переход шага</translation>
        </message>
        <message>
            <source>Hop of the step</source>
            <translation>Переход шага</translation>
        </message>
        <message>
            <source>The optimizer step whose recorded messages are replayed</source>
            <translation>Шаг оптимизатора, записанные сообщения которого воспроизводятся</translation>
        </message>
        <message>
            <source>Rank</source>
            <translation>Ранг</translation>
        </message>
        <message>
            <source>This hop (B)</source>
            <translation>Этот переход (Б)</translation>
        </message>
        <message>
            <source>Byte range</source>
            <translation>Диапазон байт</translation>
        </message>
        <message>
            <source>Chunk</source>
            <translation>Фрагмент</translation>
        </message>
        <message>
            <source>Sent so far (B)</source>
            <translation>Отправлено (Б)</translation>
        </message>
        <message>
            <source>Step total (B)</source>
            <translation>Всего за шаг (Б)</translation>
        </message>
        <message>
            <source>Predicted (B)</source>
            <translation>Предсказано (Б)</translation>
        </message>
        <message>
            <source>Bytes the rank sends in the step by the ring: every chunk but its own in a reduce-scatter, every chunk but its right neighbour's in an all-gather</source>
            <translation>Байты, которые ранг отправляет за шаг по кольцу: все фрагменты, кроме своего, в reduce-scatter и все, кроме фрагмента правого соседа, в all-gather</translation>
        </message>
        <message>
            <source>Optimizer step</source>
            <translation>Шаг оптимизатора</translation>
        </message>
        <message>
            <source>Pause</source>
            <translation>Пауза</translation>
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
            <translation>all-reduce, половина reduce-scatter</translation>
        </message>
        <message>
            <source>all-reduce, all-gather half</source>
            <translation>all-reduce, половина all-gather</translation>
        </message>
        <message>
            <source>Run the trainer: every ring message of every optimizer step is recorded and can be replayed here.</source>
            <translation>Запустите обучение: каждое сообщение кольца на каждом шаге оптимизатора записывается, и его можно воспроизвести здесь.</translation>
        </message>
        <message>
            <source>One rank sends nothing: run with 2 ranks or more.</source>
            <translation>Один ранг ничего не отправляет: запустите на 2 рангах или больше.</translation>
        </message>
        <message>
            <source>Optimizer step %1 recorded no ring messages.</source>
            <translation>На шаге оптимизатора %1 не записано сообщений кольца.</translation>
        </message>
        <message>
            <source>Optimizer step %1 · collective %2 of %3: %4 · ring step %5 of %6 · hop %7 of %8</source>
            <translation>Шаг оптимизатора %1 · коллективная операция %2 из %3: %4 · шаг кольца %5 из %6 · переход %7 из %8</translation>
        </message>
        <message>
            <source>rank %1 → %2</source>
            <translation>ранг %1 → %2</translation>
        </message>
        <message>
            <source>—</source>
            <translation>—</translation>
        </message>
        <message>
            <source>Ring formulas for one step (%1 collectives; per rank (n−1)/n × M for a reduce-scatter or all-gather and 2(n−1)/n × M for an all-reduce of an M-byte buffer, n = %2): %3 B per rank.</source>
            <translation>Формулы кольца для одного шага (%1 коллективных операций; на ранг (n−1)/n × M для reduce-scatter или all-gather и 2(n−1)/n × M для all-reduce буфера из M байт, n = %2): %3 Б на ранг.</translation>
        </message>
        <message>
            <source>Over the step every rank's chunks add up to the same share, so each rank sends exactly that.</source>
            <translation>За шаг фрагменты каждого ранга складываются в одинаковую долю, поэтому каждый ранг отправляет ровно столько.</translation>
        </message>
        <message>
            <source>The ranks' chunks differ in size (a shorter last chunk, or a layer's slice split unevenly), so their bytes differ (Predicted, from the chunk bounds); together they send %1 B = %2 × the formula.</source>
            <translation>Фрагменты рангов различаются по размеру (последний короче или срез слоя поделён неравно), поэтому их байты различаются (Предсказано, по границам фрагментов); вместе они отправляют %1 Б = %2 × формула.</translation>
        </message>
        <message>
            <source>Measured: every rank's step total equals its prediction.</source>
            <translation>Измерено: итог шага каждого ранга равен предсказанию.</translation>
        </message>
        <message>
            <source>Measured: the step totals differ from the prediction.</source>
            <translation>Измерено: итоги шага отличаются от предсказания.</translation>
        </message>
    </context>
    <context>
        <name>shardscope::ValidationChart</name>
        <message>
            <source>Measured (each row's own metric)</source>
            <translation>Измерено (в метрике каждой строки)</translation>
        </message>
        <message>
            <source>Measured (%1)</source>
            <translation>Измерено (%1)</translation>
        </message>
        <message>
            <source>Predicted (each row's own metric)</source>
            <translation>Предсказано (в метрике каждой строки)</translation>
        </message>
        <message>
            <source>Predicted (%1)</source>
            <translation>Предсказано (%1)</translation>
        </message>
        <message>
            <source>within ±10%</source>
            <translation>в пределах ±10%</translation>
        </message>
        <message>
            <source>predicted = measured</source>
            <translation>предсказано = измерено</translation>
        </message>
        <message>
            <source>rows</source>
            <translation>строки</translation>
        </message>
    </context>
    <context>
        <name>shardscope::Import</name>
        <message>
            <source>ignored (no effect on memory): </source>
            <translation>пропущено (не влияет на память): </translation>
        </message>
        <message>
            <source>%1: unknown key, ignored</source>
            <translation>%1: неизвестный ключ, пропущен</translation>
        </message>
        <message>
            <source>optimizer.type %1: modelled as Adam (two fp32 states per parameter)</source>
            <translation>optimizer.type %1: моделируется как Adam (два состояния fp32 на параметр)</translation>
        </message>
        <message>
            <source>optimizer.type Adagrad: one fp32 state per parameter, modelled as SGD with momentum</source>
            <translation>optimizer.type Adagrad: одно состояние fp32 на параметр, моделируется как SGD с моментом</translation>
        </message>
        <message>
            <source>optimizer.type '%1' is not modelled: the recipe's optimizer states are assumed</source>
            <translation>optimizer.type '%1' не моделируется: берутся состояния оптимизатора из рецепта</translation>
        </message>
        <message>
            <source>zero_optimization.stage not given: stage 0 (DeepSpeed's default)</source>
            <translation>zero_optimization.stage не задан: стадия 0 (по умолчанию в DeepSpeed)</translation>
        </message>
        <message>
            <source>zero_optimization.offload_optimizer.ratio %1: partial offload is not modelled (all optimizer states offloaded)</source>
            <translation>zero_optimization.offload_optimizer.ratio %1: частичная выгрузка не моделируется (выгружаются все состояния оптимизатора)</translation>
        </message>
        <message>
            <source>zero_optimization.offload_param is ignored at stage %1: DeepSpeed offloads parameters only at stage 3</source>
            <translation>zero_optimization.offload_param пропущен на стадии %1: DeepSpeed выгружает параметры только на стадии 3</translation>
        </message>
        <message>
            <source>zero_optimization.offload_optimizer is ignored at stage 0: DeepSpeed offloads the optimizer with stages 1-3</source>
            <translation>zero_optimization.offload_optimizer пропущен на стадии 0: DeepSpeed выгружает оптимизатор на стадиях 1-3</translation>
        </message>
        <message>
            <source>zero_optimization.reduce_bucket_size is auto: hidden^2 = %1 elements (the Hugging Face Trainer's rule)</source>
            <translation>zero_optimization.reduce_bucket_size = auto: hidden^2 = %1 элементов (правило Hugging Face Trainer)</translation>
        </message>
        <message>
            <source>zero_optimization.allgather_bucket_size is auto: the scenario's %1 elements</source>
            <translation>zero_optimization.allgather_bucket_size = auto: %1 элементов из сценария</translation>
        </message>
        <message>
            <source>stage3_prefetch_bucket_size is auto: 0.9 x hidden^2 = %1 elements (the Hugging Face Trainer's rule)</source>
            <translation>stage3_prefetch_bucket_size = auto: 0.9 x hidden^2 = %1 элементов (правило Hugging Face Trainer)</translation>
        </message>
        <message>
            <source>stage3_prefetch_bucket_size %1 elements</source>
            <translation>stage3_prefetch_bucket_size %1 элементов</translation>
        </message>
        <message>
            <source>capped by stage3_max_live_parameters %1 (room for %2 units in all)</source>
            <translation>ограничено stage3_max_live_parameters %1 (всего места на %2 блоков)</translation>
        </message>
        <message>
            <source>ZeRO-3 prefetch: %1 unit(s) of %2 params beside the one in use (%3)</source>
            <translation>предвыборка ZeRO-3: %1 блок(ов) по %2 параметров помимо используемого (%3)</translation>
        </message>
        <message>
            <source>the scenario's</source>
            <translation>как в сценарии</translation>
        </message>
        <message>
            <source>zero_optimization.stage3_param_persistence_threshold: parameters below it stay unsharded; not modelled (norms and biases, a tiny share of the model)</source>
            <translation>zero_optimization.stage3_param_persistence_threshold: параметры меньше порога не шардируются; не моделируется (нормализации и смещения, ничтожная доля модели)</translation>
        </message>
        <message>
            <source>no zero_optimization block: ZeRO stage 0 (DeepSpeed's default)</source>
            <translation>нет блока zero_optimization: стадия ZeRO 0 (по умолчанию в DeepSpeed)</translation>
        </message>
        <message>
            <source>fp16/bf16 enabled is auto: the scenario's recipe %1 (%2 B/param) stays</source>
            <translation>fp16/bf16 enabled = auto: остаётся рецепт сценария %1 (%2 Б/параметр)</translation>
        </message>
        <message>
            <source>neither fp16 nor bf16 enabled: fp32 training (DeepSpeed's default), recipe fp32</source>
            <translation>ни fp16, ни bf16 не включены: обучение в fp32 (по умолчанию в DeepSpeed), рецепт fp32</translation>
        </message>
        <message>
            <source>%1 with data_types.grad_accum_dtype fp32: recipe megatron-bf16 (2+4+4+8 B/param)</source>
            <translation>%1 с data_types.grad_accum_dtype fp32: рецепт megatron-bf16 (2+4+4+8 Б/параметр)</translation>
        </message>
        <message>
            <source>bf16: the scenario's fp8-mixed recipe stays (fp8 linears are set in the model code, not in the DeepSpeed config)</source>
            <translation>bf16: остаётся рецепт сценария fp8-mixed (линейные слои в fp8 задаются в коде модели, а не в конфигурации DeepSpeed)</translation>
        </message>
        <message>
            <source>%1: recipe mixed (16-bit weights and grads, fp32 master and optimizer states: 2+2+4+8 B/param)</source>
            <translation>%1: рецепт mixed (16-битные веса и градиенты, мастер-копия и состояния оптимизатора в fp32: 2+2+4+8 Б/параметр)</translation>
        </message>
        <message>
            <source>train_micro_batch_size_per_gpu is auto: the scenario's micro-batch %1</source>
            <translation>train_micro_batch_size_per_gpu = auto: микробатч %1 из сценария</translation>
        </message>
        <message>
            <source>gradient_accumulation_steps is auto: the scenario's %1</source>
            <translation>gradient_accumulation_steps = auto: %1 из сценария</translation>
        </message>
        <message>
            <source>gradient_accumulation_steps derived: train_batch_size %1 / (micro-batch %2 x dp %3) = %4</source>
            <translation>gradient_accumulation_steps выведен: train_batch_size %1 / (микробатч %2 x dp %3) = %4</translation>
        </message>
        <message>
            <source>train_micro_batch_size_per_gpu derived: train_batch_size %1 / (accumulation %2 x dp %3) = %4</source>
            <translation>train_micro_batch_size_per_gpu выведен: train_batch_size %1 / (накопление %2 x dp %3) = %4</translation>
        </message>
        <message>
            <source>train_micro_batch_size_per_gpu derived: train_batch_size %1 / (gradient_accumulation_steps %2 x dp %3) = %4</source>
            <translation>train_micro_batch_size_per_gpu выведен: train_batch_size %1 / (gradient_accumulation_steps %2 x dp %3) = %4</translation>
        </message>
        <message>
            <source>train_micro_batch_size_per_gpu not given: the scenario's micro-batch %1</source>
            <translation>train_micro_batch_size_per_gpu не задан: микробатч %1 из сценария</translation>
        </message>
        <message>
            <source>dp %1 derived: train_batch_size %2 = micro-batch %3 x accumulation %4 x dp %1; gpus set to %5 (dp %1 x tp %6 x pp %7; was %8)</source>
            <translation>dp %1 выведен: train_batch_size %2 = микробатч %3 x накопление %4 x dp %1; gpus = %5 (dp %1 x tp %6 x pp %7; было %8)</translation>
        </message>
        <message>
            <source>train_batch_size is auto: micro-batch %1 x accumulation %2 x dp %3 = %4</source>
            <translation>train_batch_size = auto: микробатч %1 x накопление %2 x dp %3 = %4</translation>
        </message>
        <message>
            <source>activation_checkpointing: full recompute (the block configures the checkpointing the model code calls)</source>
            <translation>activation_checkpointing: полный пересчёт (блок настраивает чекпоинтинг, который вызывает код модели)</translation>
        </message>
        <message>
            <source>activation_checkpointing.partition_activations: not modelled (checkpoints are counted whole on each TP rank)</source>
            <translation>activation_checkpointing.partition_activations: не моделируется (чекпойнты считаются целиком на каждом ранге TP)</translation>
        </message>
        <message>
            <source>activation_checkpointing.cpu_checkpointing: not modelled (checkpoints counted on the GPU)</source>
            <translation>activation_checkpointing.cpu_checkpointing: не моделируется (чекпойнты считаются на GPU)</translation>
        </message>
        <message>
            <source>recipe %1 (%2+%3+%4+%5 B/param) has no DeepSpeed equivalent (DeepSpeed keeps fp32 master weights and states with fp16/bf16): written as bf16 mixed precision (2+2+4+8)</source>
            <translation>у рецепта %1 (%2+%3+%4+%5 Б/параметр) нет аналога в DeepSpeed (DeepSpeed хранит мастер-веса и состояния в fp32 при fp16/bf16): записан как смешанная точность bf16 (2+2+4+8)</translation>
        </message>
        <message>
            <source>optimizer adam8bit: DeepSpeed has no 8-bit Adam; no optimizer block written (pass bitsandbytes' optimizer from the client)</source>
            <translation>оптимизатор adam8bit: в DeepSpeed нет 8-битного Adam; блок optimizer не записан (передайте оптимизатор bitsandbytes из клиентского кода)</translation>
        </message>
        <message>
            <source>NVMe offload: add "nvme_path" (the NVMe mount) to the offload blocks</source>
            <translation>выгрузка на NVMe: добавьте "nvme_path" (точку монтирования NVMe) в блоки offload</translation>
        </message>
        <message>
            <source>checkpointing %1: DeepSpeed's config says nothing about it (the model code decides); no activation_checkpointing block written</source>
            <translation>чекпоинтинг %1: конфигурация DeepSpeed его не задаёт (решает код модели); блок activation_checkpointing не записан</translation>
        </message>
        <message>
            <source>TP %1 x PP %2: DeepSpeed's config does not carry them (Megatron-DeepSpeed takes them as arguments); train_batch_size counts dp = %3</source>
            <translation>TP %1 x PP %2: конфигурация DeepSpeed их не содержит (Megatron-DeepSpeed принимает их аргументами); train_batch_size считает dp = %3</translation>
        </message>
        <message>
            <source>distributed_type %1: plain data parallelism, ZeRO stage 0</source>
            <translation>distributed_type %1: обычный параллелизм данных, стадия ZeRO 0</translation>
        </message>
        <message>
            <source>fsdp_config.fsdp_sharding_strategy not given: FULL_SHARD (FSDP's default), ZeRO stage 3</source>
            <translation>fsdp_config.fsdp_sharding_strategy не задан: FULL_SHARD (по умолчанию в FSDP), стадия ZeRO 3</translation>
        </message>
        <message>
            <source>HYBRID_SHARD shards within a node (%1 GPUs) and replicates across nodes: modelled as sharding over all %2 data-parallel ranks, which understates model states on more than one node</source>
            <translation>HYBRID_SHARD шардирует внутри узла (%1 GPU) и реплицирует между узлами: моделируется как шардирование по всем %2 рангам параллелизма данных, что занижает состояния модели при нескольких узлах</translation>
        </message>
        <message>
            <source>fsdp_offload_params: params, grads and the optimizer step on CPU (offload params and optimizer: cpu)</source>
            <translation>fsdp_offload_params: параметры, градиенты и шаг оптимизатора на CPU (выгрузка параметров и оптимизатора: cpu)</translation>
        </message>
        <message>
            <source>fsdp_offload_params at ZeRO stage %1: modelled as optimizer offload only (parameter offload needs full sharding)</source>
            <translation>fsdp_offload_params на стадии ZeRO %1: моделируется только выгрузка оптимизатора (выгрузке параметров нужно полное шардирование)</translation>
        </message>
        <message>
            <source>fsdp_activation_checkpointing off: checkpointing left to the model code, the scenario's '%1'</source>
            <translation>fsdp_activation_checkpointing выключен: чекпоинтинг оставлен коду модели, как в сценарии: '%1'</translation>
        </message>
        <message>
            <source>no fsdp_config block: FULL_SHARD (FSDP's default), ZeRO stage 3</source>
            <translation>нет блока fsdp_config: FULL_SHARD (по умолчанию в FSDP), стадия ZeRO 3</translation>
        </message>
        <message>
            <source>mixed_precision %1: recipe %2 (%3 B/param)</source>
            <translation>mixed_precision %1: рецепт %2 (%3 Б/параметр)</translation>
        </message>
        <message>
            <source>num_processes %1 on %2 machine(s): %1 GPUs, %3 per node</source>
            <translation>num_processes %1 на %2 машин(ах): %1 GPU, %3 на узел</translation>
        </message>
        <message>
            <source>num_machines %1 without num_processes: %1 x %2 GPUs per node = %3 GPUs</source>
            <translation>num_machines %1 без num_processes: %1 x %2 GPU на узел = %3 GPU</translation>
        </message>
        <message>
            <source>ZeRO-1: FSDP has no optimizer-only sharding; written as SHARD_GRAD_OP (ZeRO-2)</source>
            <translation>ZeRO-1: в FSDP нет шардирования только оптимизатора; записано как SHARD_GRAD_OP (ZeRO-2)</translation>
        </message>
        <message>
            <source>offload optimizer %1, params %2: FSDP offloads params, grads and optimizer to CPU together (no NVMe); written as fsdp_offload_params: %3</source>
            <translation>выгрузка оптимизатора %1, параметров %2: FSDP выгружает параметры, градиенты и оптимизатор на CPU вместе (без NVMe); записано как fsdp_offload_params: %3</translation>
        </message>
        <message>
            <source>recipe %1: accelerate's mixed_precision knows no, fp16, bf16 and fp8; written as bf16 (read back as recipe mixed)</source>
            <translation>рецепт %1: mixed_precision в accelerate знает no, fp16, bf16 и fp8; записано как bf16 (читается обратно как рецепт mixed)</translation>
        </message>
        <message>
            <source>checkpointing %1: left to the model code (fsdp_activation_checkpointing: false)</source>
            <translation>чекпоинтинг %1: оставлен коду модели (fsdp_activation_checkpointing: false)</translation>
        </message>
        <message>
            <source>%1 prefetch units: FSDP prefetches one unit (BACKWARD_PRE)</source>
            <translation>блоков предвыборки: %1; FSDP предвыбирает один блок (BACKWARD_PRE)</translation>
        </message>
        <message>
            <source>TP %1 x PP %2: not part of an accelerate FSDP config</source>
            <translation>TP %1 x PP %2: не входят в конфигурацию accelerate FSDP</translation>
        </message>
        <message>
            <source>optimizer %1: chosen in the training script, not in the accelerate config</source>
            <translation>оптимизатор %1: выбирается в скрипте обучения, а не в конфигурации accelerate</translation>
        </message>
        <message>
            <source>micro-batch %1, accumulation %2, sequence %3: training script arguments</source>
            <translation>микробатч %1, накопление %2, последовательность %3: аргументы скрипта обучения</translation>
        </message>
        <message>
            <source>%1 GPUs do not fill %2 nodes of %3 evenly</source>
            <translation>%1 GPU не заполняют %2 узлов по %3 поровну</translation>
        </message>
        <message>
            <source>torchrun: %1 node(s) x %2 processes = %3 GPUs</source>
            <translation>torchrun: %1 узел(ов) x %2 процессов = %3 GPU</translation>
        </message>
        <message>
            <source>--%1 %2: not modelled</source>
            <translation>--%1 %2: не моделируется</translation>
        </message>
        <message>
            <source>--num-query-groups without --group-query-attention: ignored, as Megatron does</source>
            <translation>--num-query-groups без --group-query-attention: пропущено, как и в Megatron</translation>
        </message>
        <message>
            <source>--ffn-hidden-size not given: %1 (Megatron's default%2)</source>
            <translation>--ffn-hidden-size не задан: %1 (по умолчанию в Megatron%2)</translation>
        </message>
        <message>
            <source> with SwiGLU: 4h x 2/3 rounded down to 64</source>
            <translation> со SwiGLU: 4h x 2/3 с округлением вниз до кратного 64</translation>
        </message>
        <message>
            <source>vocabulary %1 padded to %2, a multiple of make-vocab-size-divisible-by %3 x tp %4, as Megatron does</source>
            <translation>словарь %1 дополнен до %2, кратного make-vocab-size-divisible-by %3 x tp %4, как в Megatron</translation>
        </message>
        <message>
            <source>no --vocab-size (Megatron takes it from the tokenizer): the scenario's %1</source>
            <translation>нет --vocab-size (Megatron берёт его из токенизатора): %1 из сценария</translation>
        </message>
        <message>
            <source>the model's shape is preset %1</source>
            <translation>форма модели совпадает с пресетом %1</translation>
        </message>
        <message>
            <source>interleaved schedule: %1 chunks per GPU (%2 layers / (pp %3 x %4))</source>
            <translation>чередующееся расписание: %1 частей на GPU (%2 слоёв / (pp %3 x %4))</translation>
        </message>
        <message>
            <source>%1: recipe megatron-bf16 (fp32 gradient accumulation: 2+4+4+8 B/param)</source>
            <translation>%1: рецепт megatron-bf16 (накопление градиентов в fp32: 2+4+4+8 Б/параметр)</translation>
        </message>
        <message>
            <source>neither --bf16 nor --fp16: fp32 training (Megatron's default)</source>
            <translation>ни --bf16, ни --fp16: обучение в fp32 (по умолчанию в Megatron)</translation>
        </message>
        <message>
            <source>--recompute-method / --recompute-num-layers: modelled as every layer recomputed</source>
            <translation>--recompute-method / --recompute-num-layers: моделируется как пересчёт каждого слоя</translation>
        </message>
        <message>
            <source>accumulation %1 micro-batches = global batch %2 / (micro-batch %3 x dp %4)</source>
            <translation>накопление %1 микробатчей = глобальный батч %2 / (микробатч %3 x dp %4)</translation>
        </message>
        <message>
            <source>GPipe schedule: Megatron runs 1F1B; read back as 1f1b</source>
            <translation>расписание GPipe: Megatron работает по 1F1B; читается обратно как 1f1b</translation>
        </message>
        <message>
            <source>vpp %1 without the interleaved schedule: not written</source>
            <translation>vpp %1 без чередующегося расписания: не записано</translation>
        </message>
        <message>
            <source>biases (qkv %1, attention out %2, MLP %3): Megatron has all, none, or QKV only; written as none</source>
            <translation>смещения (qkv %1, выход внимания %2, MLP %3): в Megatron есть все, никаких или только QKV; записано как никаких</translation>
        </message>
        <message>
            <source>%1 norms per layer: Megatron has 2</source>
            <translation>%1 нормализаций на слой: в Megatron их 2</translation>
        </message>
        <message>
            <source>vocabulary %1 is not a multiple of tp %2: Megatron pads it to %3</source>
            <translation>словарь %1 не кратен tp %2: Megatron дополняет его до %3</translation>
        </message>
        <message>
            <source>a bare count of %1 parameters: written as its GPT shape (%2 parameters)</source>
            <translation>только число параметров (%1): записано в форме GPT (%2 параметров)</translation>
        </message>
        <message>
            <source>the model's name '%1' is not carried (Megatron describes the shape); read back as '%2'</source>
            <translation>имя модели '%1' не переносится (Megatron описывает форму); читается обратно как '%2'</translation>
        </message>
        <message>
            <source>recipe %1: Megatron's precisions are fp32, fp16 (2+2+4+8), bf16 (2+4+4+8) and fp8; written as --bf16</source>
            <translation>рецепт %1: точности Megatron — fp32, fp16 (2+2+4+8), bf16 (2+4+4+8) и fp8; записано как --bf16</translation>
        </message>
        <message>
            <source>optimizer %1: Megatron has adam (decoupled weight decay) and sgd; written as adam</source>
            <translation>оптимизатор %1: в Megatron есть adam (с раздельным затуханием весов) и sgd; записано как adam</translation>
        </message>
        <message>
            <source>NVMe optimizer offload: Megatron offloads to CPU only; not written</source>
            <translation>выгрузка оптимизатора на NVMe: Megatron выгружает только на CPU; не записано</translation>
        </message>
        <message>
            <source>parameter offload: Megatron has none; not written</source>
            <translation>выгрузка параметров: в Megatron её нет; не записано</translation>
        </message>
        <message>
            <source>FlashAttention off: Megatron's attention backend decides; --use-flash-attn not written</source>
            <translation>FlashAttention выключен: решает бэкенд внимания Megatron; --use-flash-attn не записан</translation>
        </message>
        <message>
            <source>%1 GPUs (dp %2): the launcher's world size, not a Megatron argument</source>
            <translation>%1 GPU (dp %2): размер мира задаёт программа запуска, это не аргумент Megatron</translation>
        </message>
        <message>
            <source>%1%2: unknown key, ignored</source>
            <translation>%1%2: неизвестный ключ, пропущен</translation>
        </message>
        <message>
            <source>scenario.params: %1 is derived from the model (%2); the file's value is ignored</source>
            <translation>scenario.params: %1 выводится из модели (%2); значение из файла пропущено</translation>
        </message>
        <message>
            <source>scenario.dp: %1 is derived (gpus / (tp x pp x cp) = %2); the file's value is ignored</source>
            <translation>scenario.dp: %1 выводится (gpus / (tp x pp x cp) = %2); значение из файла пропущено</translation>
        </message>
        <message>
            <source>: no format header; read as the "scenario" of a `shardscope estimate --format json` result</source>
            <translation>: нет заголовка формата; прочитано как "scenario" результата `shardscope estimate --format json`</translation>
        </message>
        <message>
            <source>: %1: unknown key, ignored</source>
            <translation>: %1: неизвестный ключ, пропущен</translation>
        </message>
        <message>
            <source>--seq not given: using %1's context of %2 tokens (its learned positions)</source>
            <translation>--seq не задан: используется контекст %1 в %2 токенов (его обученные позиции)</translation>
        </message>
        <message>
            <source>nothing</source>
            <translation>ничего</translation>
        </message>
        <message>
            <source>null</source>
            <translation>null</translation>
        </message>
        <message>
            <source>a boolean</source>
            <translation>логическое значение</translation>
        </message>
        <message>
            <source>a number</source>
            <translation>число</translation>
        </message>
        <message>
            <source>a string</source>
            <translation>строка</translation>
        </message>
        <message>
            <source>a list</source>
            <translation>список</translation>
        </message>
        <message>
            <source>a mapping</source>
            <translation>словарь ключей</translation>
        </message>
        <message>
            <source>(top level)</source>
            <translation>(верхний уровень)</translation>
        </message>
        <message>
            <source>expected a mapping of keys, got %1</source>
            <translation>ожидался словарь ключей, получено: %1</translation>
        </message>
        <message>
            <source>expected a number, got %1</source>
            <translation>ожидалось число, получено: %1</translation>
        </message>
        <message>
            <source>expected a whole number, got %1</source>
            <translation>ожидалось целое число, получено: %1</translation>
        </message>
        <message>
            <source>%1 is out of range (%2 to %3)</source>
            <translation>%1 вне допустимого диапазона (от %2 до %3)</translation>
        </message>
        <message>
            <source>expected true or false, got %1</source>
            <translation>ожидалось true или false, получено: %1</translation>
        </message>
        <message>
            <source>expected a string, got %1</source>
            <translation>ожидалась строка, получено: %1</translation>
        </message>
        <message>
            <source>'auto' is not a device: use none, cpu or nvme</source>
            <translation>'auto' — не устройство: укажите none, cpu или nvme</translation>
        </message>
        <message>
            <source>'%1' must be none, cpu or nvme</source>
            <translation>'%1' должно быть none, cpu или nvme</translation>
        </message>
        <message>
            <source>not a DeepSpeed config: none of DeepSpeed's keys (zero_optimization, train_batch_size, train_micro_batch_size_per_gpu, fp16, bf16, optimizer, ...)</source>
            <translation>это не конфигурация DeepSpeed: нет ни одного ключа DeepSpeed (zero_optimization, train_batch_size, train_micro_batch_size_per_gpu, fp16, bf16, optimizer, ...)</translation>
        </message>
        <message>
            <source>'auto' is not a stage: use 0, 1, 2 or 3</source>
            <translation>'auto' — не стадия: укажите 0, 1, 2 или 3</translation>
        </message>
        <message>
            <source>fp16 and bf16 are both enabled; DeepSpeed allows one</source>
            <translation>включены и fp16, и bf16; DeepSpeed допускает только одно</translation>
        </message>
        <message>
            <source>the optimizer block needs a type (Adam, AdamW, SGD, ...)</source>
            <translation>блоку optimizer нужен type (Adam, AdamW, SGD, ...)</translation>
        </message>
        <message>
            <source>%1 is not a multiple of micro-batch %2 x gradient_accumulation_steps %3 (train_batch_size = micro x accumulation x dp)</source>
            <translation>%1 не кратно микробатчу %2 x gradient_accumulation_steps %3 (train_batch_size = микробатч x накопление x dp)</translation>
        </message>
        <message>
            <source>implies a micro-batch of %1 per GPU</source>
            <translation>означает микробатч %1 на GPU</translation>
        </message>
        <message>
            <source>line %1, column %2</source>
            <translation>строка %1, столбец %2</translation>
        </message>
        <message>
            <source>nested more than 64 levels deep</source>
            <translation>вложенность глубже 64 уровней</translation>
        </message>
        <message>
            <source>more than %1 values (aliases that expand without end?); an accelerate config has a few dozen</source>
            <translation>больше %1 значений (псевдонимы, раскрывающиеся без конца?); в конфигурации accelerate их несколько десятков</translation>
        </message>
        <message>
            <source>a list of %1 items; an accelerate config has short lists</source>
            <translation>список из %1 элементов; в конфигурации accelerate списки короткие</translation>
        </message>
        <message>
            <source>%1 keys; an accelerate config has a few dozen (at most %2 here)</source>
            <translation>ключей: %1; в конфигурации accelerate их несколько десятков (здесь не больше %2)</translation>
        </message>
        <message>
            <source>keys must be plain names (%1)</source>
            <translation>ключи должны быть простыми именами (%1)</translation>
        </message>
        <message>
            <source>'%1' must be FULL_SHARD, SHARD_GRAD_OP, NO_SHARD, HYBRID_SHARD (or 1-4)</source>
            <translation>'%1' должно быть FULL_SHARD, SHARD_GRAD_OP, NO_SHARD, HYBRID_SHARD (или 1-4)</translation>
        </message>
        <message>
            <source>the file is empty (expected an accelerate config YAML)</source>
            <translation>файл пуст (ожидался YAML-файл конфигурации accelerate)</translation>
        </message>
        <message>
            <source>far too many keys, lines or aliases for an accelerate config (it has a few dozen keys)</source>
            <translation>слишком много ключей, строк или псевдонимов для конфигурации accelerate (в ней несколько десятков ключей)</translation>
        </message>
        <message>
            <source> (is the file truncated?)</source>
            <translation> (файл обрезан?)</translation>
        </message>
        <message>
            <source>expected a YAML mapping (key: value lines) at the top level</source>
            <translation>на верхнем уровне ожидался словарь YAML (строки key: value)</translation>
        </message>
        <message>
            <source>not an accelerate config: it has neither distributed_type nor fsdp_config</source>
            <translation>это не конфигурация accelerate: в ней нет ни distributed_type, ни fsdp_config</translation>
        </message>
        <message>
            <source>this accelerate config uses DeepSpeed: pass its deepspeed_config_file with --deepspeed-config</source>
            <translation>эта конфигурация accelerate использует DeepSpeed: передайте её deepspeed_config_file через --deepspeed-config</translation>
        </message>
        <message>
            <source>'%1': expected FSDP (or MULTI_GPU for DDP)</source>
            <translation>'%1': ожидалось FSDP (или MULTI_GPU для DDP)</translation>
        </message>
        <message>
            <source>'%1' must be BACKWARD_PRE, BACKWARD_POST or NO_PREFETCH</source>
            <translation>'%1' должно быть BACKWARD_PRE, BACKWARD_POST или NO_PREFETCH</translation>
        </message>
        <message>
            <source>'%1' must be no, fp16, bf16 or fp8</source>
            <translation>'%1' должно быть no, fp16, bf16 или fp8</translation>
        </message>
        <message>
            <source>%1 processes do not split evenly over %2 machines</source>
            <translation>%1 процессов не делятся поровну между %2 машинами</translation>
        </message>
        <message>
            <source>'%1' must be a number</source>
            <translation>'%1' должно быть числом</translation>
        </message>
        <message>
            <source>'%1' must be a whole number from 1 to %2 (got %3)</source>
            <translation>'%1' должно быть целым числом от 1 до %2 (получено %3)</translation>
        </message>
        <message>
            <source>'%1' must be true or false</source>
            <translation>'%1' должно быть true или false</translation>
        </message>
        <message>
            <source>num_attention_heads %1 does not divide hidden_size %2 and no head_dim is given</source>
            <translation>num_attention_heads %1 не делит hidden_size %2, а head_dim не задан</translation>
        </message>
        <message>
            <source>not valid JSON at %1: %2</source>
            <translation>некорректный JSON (%1): %2</translation>
        </message>
        <message>
            <source>the top level must be a JSON object</source>
            <translation>верхний уровень должен быть объектом JSON</translation>
        </message>
        <message>
            <source>'model_type' is missing or not a string (supported: %1)</source>
            <translation>'model_type' отсутствует или не строка (поддерживаются: %1)</translation>
        </message>
        <message>
            <source>model_type '%1' is not supported (supported: %2)</source>
            <translation>model_type '%1' не поддерживается (поддерживаются: %2)</translation>
        </message>
        <message>
            <source>an unterminated quote (is the argument list truncated?)</source>
            <translation>незакрытая кавычка (список аргументов обрезан?)</translation>
        </message>
        <message>
            <source>is a flag and takes no value (got '%1')</source>
            <translation>это флаг, он не принимает значения (получено '%1')</translation>
        </message>
        <message>
            <source>needs a value</source>
            <translation>нужно значение</translation>
        </message>
        <message>
            <source>'%1' is a shell variable: expand it first</source>
            <translation>'%1' — переменная оболочки: сначала подставьте её значение</translation>
        </message>
        <message>
            <source>'%1' is not a whole number</source>
            <translation>'%1' — не целое число</translation>
        </message>
        <message>
            <source>'%1' is not a number</source>
            <translation>'%1' — не число</translation>
        </message>
        <message>
            <source>the argument list is over 1 MB; is this the right text?</source>
            <translation>список аргументов больше 1 МБ; это точно тот текст?</translation>
        </message>
        <message>
            <source>invalid UTF-8 in the argument list</source>
            <translation>некорректный UTF-8 в списке аргументов</translation>
        </message>
        <message>
            <source>'%1' is a file; --megatron-args takes the arguments themselves: --megatron-args "$(cat %1)"</source>
            <translation>'%1' — файл; --megatron-args принимает сами аргументы: --megatron-args "$(cat %1)"</translation>
        </message>
        <message>
            <source>no Megatron-LM arguments (--name value) in '%1'</source>
            <translation>в '%1' нет аргументов Megatron-LM (--name value)</translation>
        </message>
        <message>
            <source>%1 describe the model, which needs --num-layers, --hidden-size and --num-attention-heads as well</source>
            <translation>%1 описывают модель, а для неё нужны ещё --num-layers, --hidden-size и --num-attention-heads</translation>
        </message>
        <message>
            <source>Megatron needs --num-layers, --hidden-size and --num-attention-heads together</source>
            <translation>Megatron нужны --num-layers, --hidden-size и --num-attention-heads вместе</translation>
        </message>
        <message>
            <source>learned absolute positions (Megatron's default) need --max-position-embeddings</source>
            <translation>обучаемым абсолютным позициям (по умолчанию в Megatron) нужен --max-position-embeddings</translation>
        </message>
        <message>
            <source>'%1' must be learned_absolute, rope or none</source>
            <translation>'%1' должно быть learned_absolute, rope или none</translation>
        </message>
        <message>
            <source>'%1' must be LayerNorm or RMSNorm</source>
            <translation>'%1' должно быть LayerNorm или RMSNorm</translation>
        </message>
        <message>
            <source>%1 layers do not split into pp %2 x %3-layer chunks</source>
            <translation>%1 слоёв не делятся на pp %2 x блоков по %3 слоя</translation>
        </message>
        <message>
            <source>'%1' must be no_shard, optim, optim_grads or optim_grads_params</source>
            <translation>'%1' должно быть no_shard, optim, optim_grads или optim_grads_params</translation>
        </message>
        <message>
            <source>--bf16 and --fp16 are alternatives</source>
            <translation>--bf16 и --fp16 взаимоисключающие</translation>
        </message>
        <message>
            <source>'%1' must be adam or sgd</source>
            <translation>'%1' должно быть adam или sgd</translation>
        </message>
        <message>
            <source>'%1' must be full or selective</source>
            <translation>'%1' должно быть full или selective</translation>
        </message>
        <message>
            <source>tp %1 x pp %2 does not divide the %3 GPUs</source>
            <translation>tp %1 x pp %2 не делит %3 GPU</translation>
        </message>
        <message>
            <source>%1 is not a multiple of micro-batch %2 x dp %3 (dp = %4 GPUs / (tp %5 x pp %6))</source>
            <translation>%1 не кратно микробатчу %2 x dp %3 (dp = %4 GPU / (tp %5 x pp %6))</translation>
        </message>
        <message>
            <source>an array</source>
            <translation>массив</translation>
        </message>
        <message>
            <source>an object</source>
            <translation>объект</translation>
        </message>
        <message>
            <source>expected an integer, got %1</source>
            <translation>ожидалось целое число, получено: %1</translation>
        </message>
        <message>
            <source>'%1' must be one of %2</source>
            <translation>'%1' должно быть одним из: %2</translation>
        </message>
        <message>
            <source>'%1' must be layernorm or rmsnorm</source>
            <translation>'%1' должно быть layernorm или rmsnorm</translation>
        </message>
        <message>
            <source>unknown model '%1' and no "architecture" object to describe it</source>
            <translation>неизвестная модель '%1' и нет объекта "architecture" с её описанием</translation>
        </message>
        <message>
            <source>expected an object, got %1</source>
            <translation>ожидался объект, получено: %1</translation>
        </message>
        <message>
            <source>unknown optimizer '%1' (known: %2)</source>
            <translation>неизвестный оптимизатор '%1' (известны: %2)</translation>
        </message>
        <message>
            <source>expected an array of term names, got %1</source>
            <translation>ожидался массив имён слагаемых, получено: %1</translation>
        </message>
        <message>
            <source>entry %1 is not a term name (params, grads, master, optimizer, activations, logits, zero3_gathered_params, zero3_unsharded_grads, comm_buckets, fp8_transients, cuda_context, fragmentation)</source>
            <translation>элемент %1 — не имя слагаемого (params, grads, master, optimizer, activations, logits, zero3_gathered_params, zero3_unsharded_grads, comm_buckets, fp8_transients, cuda_context, fragmentation)</translation>
        </message>
        <message>
            <source>the file is empty (expected a ShardScope scenario file: {"format": "shardscope-scenario", ...})</source>
            <translation>файл пуст (ожидался файл сценария ShardScope: {"format": "shardscope-scenario", ...})</translation>
        </message>
        <message>
            <source>this is a DeepSpeed config, not a ShardScope scenario file: use --deepspeed-config</source>
            <translation>это конфигурация DeepSpeed, а не файл сценария ShardScope: используйте --deepspeed-config</translation>
        </message>
        <message>
            <source>this is a Hugging Face config.json, not a ShardScope scenario file: use --hf-config</source>
            <translation>это config.json Hugging Face, а не файл сценария ShardScope: используйте --hf-config</translation>
        </message>
        <message>
            <source>not a ShardScope scenario file: the "format" key is missing (expected "format": "shardscope-scenario")</source>
            <translation>не файл сценария ShardScope: нет ключа "format" (ожидалось "format": "shardscope-scenario")</translation>
        </message>
        <message>
            <source>not a ShardScope scenario file: "format" is %1, expected "%2"</source>
            <translation>не файл сценария ShardScope: "format" равен %1, ожидалось "%2"</translation>
        </message>
        <message>
            <source>"version" must be a positive integer (this ShardScope writes version %1)</source>
            <translation>"version" должно быть положительным целым числом (эта версия ShardScope пишет версию %1)</translation>
        </message>
        <message>
            <source>the file is scenario format version %1; this ShardScope (%2) reads versions up to %3: update ShardScope to open it</source>
            <translation>файл в формате сценария версии %1; этот ShardScope (%2) читает версии до %3: обновите ShardScope, чтобы открыть его</translation>
        </message>
        <message>
            <source>the file is scenario format version %1, written by ShardScope %2; this ShardScope (%3) reads versions up to %4: update ShardScope to open it</source>
            <translation>файл в формате сценария версии %1, записан ShardScope %2; этот ShardScope (%3) читает версии до %4: обновите ShardScope, чтобы открыть его</translation>
        </message>
        <message>
            <source>"scenario" must be an object, got %1</source>
            <translation>"scenario" должен быть объектом, получено: %1</translation>
        </message>
        <message>
            <source>no such file</source>
            <translation>нет такого файла</translation>
        </message>
        <message>
            <source>is a folder, not a file</source>
            <translation>это папка, а не файл</translation>
        </message>
        <message>
            <source>the file is %1 MB; config files are at most %2 MB (is this the right file?)</source>
            <translation>файл занимает %1 МБ; файлы конфигурации не больше %2 МБ (это точно тот файл?)</translation>
        </message>
        <message>
            <source>more than %1 MB; config files are smaller (is this the right file?)</source>
            <translation>больше %1 МБ; файлы конфигурации меньше (это точно тот файл?)</translation>
        </message>
        <message>
            <source>invalid UTF-8 (byte 0x%1 at offset %2); save the file as UTF-8</source>
            <translation>некорректный UTF-8 (байт 0x%1 по смещению %2); сохраните файл в UTF-8</translation>
        </message>
        <message>
            <source>the file is empty (expected a JSON object)</source>
            <translation>файл пуст (ожидался объект JSON)</translation>
        </message>
        <message>
            <source> (Python literals: JSON spells them true, false and null)</source>
            <translation> (литералы Python: в JSON они пишутся true, false и null)</translation>
        </message>
        <message>
            <source>expected a JSON object at the top level, got an array</source>
            <translation>на верхнем уровне ожидался объект JSON, получен массив</translation>
        </message>
        <message>
            <source>&apos;%1&apos; must be between 1 and 64</source>
            <translation>«%1» должно быть от 1 до 64</translation>
        </message>
        <message>
            <source>&apos;%1&apos;: ShardScope reads 1 or dense first layers as ([0]*K+[1]*M) with K + M = --num-layers</source>
            <translation>«%1»: ShardScope читает 1 или плотные первые слои как ([0]*K+[1]*M) при K + M = --num-layers</translation>
        </message>
        <message>
            <source>every %1-th layer MoE: Megatron&apos;s --moe-layer-freq counts from the first layer; not written</source>
            <translation>MoE в каждом %1-м слое: --moe-layer-freq в Megatron считает от первого слоя; не записано</translation>
        </message>
        <message>
            <source>&apos;mlp_only_layers&apos; lists dense layers: only an empty list is supported</source>
            <translation>«mlp_only_layers» перечисляет плотные слои: поддерживается только пустой список</translation>
        </message>
        <message>
            <source>&apos;moe_layer_freq&apos; other than 1 is not supported</source>
            <translation>«moe_layer_freq», отличный от 1, не поддерживается</translation>
        </message>
        <message>
            <source>--vpp %1 without --schedule: using the interleaved schedule</source>
            <translation>--vpp %1 без --schedule: используется чередующееся расписание (interleaved)</translation>
        </message>
        <message>
            <source>--vpp %1 has no effect without a pipeline (PP 1)</source>
            <translation>--vpp %1 не действует без конвейера (PP 1)</translation>
        </message>
        <message>
            <source>needs --recompute-granularity selective (Megatron reads the modules only then)</source>
            <translation>требует --recompute-granularity selective (только тогда Megatron читает модули)</translation>
        </message>
        <message>
            <source>&apos;%1&apos; must be core_attn, layernorm, moe_act, mla_up_proj, mlp, moe or shared_experts</source>
            <translation>&apos;%1&apos; должно быть core_attn, layernorm, moe_act, mla_up_proj, mlp, moe или shared_experts</translation>
        </message>
        <message>
            <source>--recompute-modules %1: not modelled (the step prices no rerun of whole MLPs or MoE layers)</source>
            <translation>--recompute-modules %1: не моделируется (шаг не учитывает повторный расчёт целых MLP или слоёв MoE)</translation>
        </message>
    </context>
    <context>
        <name>shardscope::StepGanttView</name>
        <message>
            <source>compute</source>
            <translation>вычисления</translation>
        </message>
        <message>
            <source>TP comm</source>
            <translation>связь TP</translation>
        </message>
        <message>
            <source>DP comm</source>
            <translation>связь DP</translation>
        </message>
        <message>
            <source>PP comm</source>
            <translation>связь PP</translation>
        </message>
        <message>
            <source>host</source>
            <translation>хост</translation>
        </message>
        <message>
            <source>bubble</source>
            <translation>пузырь</translation>
        </message>
        <message>
            <source>forward</source>
            <translation>прямой проход</translation>
        </message>
        <message>
            <source>recompute</source>
            <translation>пересчёт</translation>
        </message>
        <message>
            <source>backward</source>
            <translation>обратный проход</translation>
        </message>
        <message>
            <source>optimizer</source>
            <translation>оптимизатор</translation>
        </message>
        <message>
            <source>exposed comm</source>
            <translation>открытая связь</translation>
        </message>
        <message>
            <source>hidden comm</source>
            <translation>скрытая связь</translation>
        </message>
        <message>
            <source>worst rank</source>
            <translation>худший ранг</translation>
        </message>
        <message>
            <source>EP all-to-all</source>
            <translation>EP all-to-all</translation>
        </message>
        <message>
            <source>all-to-all (EP)</source>
            <translation>all-to-all (EP)</translation>
        </message>
    </context>
    <context>
        <name>shardscope::StepMemoryView</name>
        <message>
            <source>allocated</source>
            <translation>выделено</translation>
        </message>
        <message>
            <source>reserved</source>
            <translation>зарезервировано</translation>
        </message>
        <message>
            <source>device used</source>
            <translation>занято на устройстве</translation>
        </message>
        <message>
            <source>capacity %1 (%2)</source>
            <translation>ёмкость %1 (%2)</translation>
        </message>
        <message>
            <source>peak %1 (%2) = the footprint's worst rank%3</source>
            <translation>пик %1 (%2) = худший ранг расчёта памяти%3</translation>
        </message>
        <message>
            <source>: does not fit</source>
            <translation>: не помещается</translation>
        </message>
        <message>
            <source>memory</source>
            <translation>память</translation>
        </message>
        <message>
            <source>Memory (%1) of the worst rank (stage %2) over the step: activations rise in forward and fall in backward; gathers, grads and buffers come and go</source>
            <translation>%1: худший ранг (стадия %2) за шаг; активации растут в прямом проходе и спадают в обратном, собранные веса, градиенты и буферы появляются и исчезают</translation>
        </message>
        <message>
            <source>Memory (%1) of the worst rank (stage %2) over the step</source>
            <translation>%1: худший ранг (стадия %2) за шаг</translation>
        </message>
        <message>
            <source>capacity %1</source>
            <translation>ёмкость %1</translation>
        </message>
        <message>
            <source>peak %1 (%2)%3</source>
            <translation>пик %1 (%2)%3</translation>
        </message>
        <message>
            <source>peak %1%2</source>
            <translation>пик %1%2</translation>
        </message>
        <message>
            <source>Memory (%1), stage %2</source>
            <translation>%1, стадия %2</translation>
        </message>
    </context>
    <context>
        <name>shardscope::Tour</name>
        <message>
            <source>caption.%1: {%2} has no finite value in this step&apos;s scenario</source>
            <translation>caption.%1: у {%2} нет конечного значения в сценарии этого шага</translation>
        </message>
        <message>
            <source>the tour&apos;s &apos;train&apos; runs add up to more than %1 rank-steps (ranks x steps); train in fewer steps</source>
            <translation>запуски «train» в туре в сумме дают больше %1 ранг-шагов (ранги x шаги); обучайте меньше шагов</translation>
        </message>
        <message>
            <source>'train' must be an object {strategy, ranks, steps}</source>
            <translation>'train' должен быть объектом {strategy, ranks, steps}</translation>
        </message>
        <message>
            <source>unknown key '%1' in train (expected strategy, ranks, steps, bf16)</source>
            <translation>неизвестный ключ '%1' в train (ожидаются strategy, ranks, steps, bf16)</translation>
        </message>
        <message>
            <source>unknown strategy '%1' (single, ddp, zero1, zero2, zero3, naive-zero)</source>
            <translation>неизвестная стратегия '%1' (single, ddp, zero1, zero2, zero3, naive-zero)</translation>
        </message>
        <message>
            <source>'%1' must be an integer from %2 to %3</source>
            <translation>'%1' должен быть целым числом от %2 до %3</translation>
        </message>
        <message>
            <source>'bf16' must be true or false</source>
            <translation>'bf16' должен быть true или false</translation>
        </message>
        <message>
            <source>%1: line %2: %3</source>
            <translation>%1: строка %2: %3</translation>
        </message>
        <message>
            <source>'%1' is missing</source>
            <translation>нет '%1'</translation>
        </message>
        <message>
            <source>'%1' must be a string</source>
            <translation>'%1' должен быть строкой</translation>
        </message>
        <message>
            <source>'%1' is missing (an object with "en", "ru", "zh_CN")</source>
            <translation>нет '%1' (объекта с "en", "ru", "zh_CN")</translation>
        </message>
        <message>
            <source>'%1' must be an object of texts by language ("en", "ru", "zh_CN")</source>
            <translation>'%1' должен быть объектом текстов по языкам ("en", "ru", "zh_CN")</translation>
        </message>
        <message>
            <source>unknown language '%1' (expected en, ru or zh_CN)</source>
            <translation>неизвестный язык '%1' (ожидается en, ru или zh_CN)</translation>
        </message>
        <message>
            <source>'%1.%2' must be a non-empty string</source>
            <translation>'%1.%2' должен быть непустой строкой</translation>
        </message>
        <message>
            <source>'%1' has no English text ("en")</source>
            <translation>у '%1' нет английского текста ("en")</translation>
        </message>
        <message>
            <source>unknown quantity {%1} (docs/tours.md lists the quantities)</source>
            <translation>неизвестная величина {%1} (список величин в docs/tours.md)</translation>
        </message>
        <message>
            <source>'%1.%2' shows {%3} but the English text shows {%4}</source>
            <translation>'%1.%2' показывает {%3}, а английский текст — {%4}</translation>
        </message>
        <message>
            <source>the scenario of this step is invalid: %1</source>
            <translation>сценарий этого шага недопустим: %1</translation>
        </message>
        <message>
            <source>unknown key '%1' (expected one of: %2)</source>
            <translation>неизвестный ключ '%1' (ожидается один из: %2)</translation>
        </message>
        <message>
            <source>'format' must be "%1"</source>
            <translation>'format' должен быть "%1"</translation>
        </message>
        <message>
            <source>'version' must be a positive integer</source>
            <translation>'version' должен быть положительным целым числом</translation>
        </message>
        <message>
            <source>tour format version %1 is newer than this ShardScope reads (%2)</source>
            <translation>версия формата экскурсии %1 новее, чем читает этот ShardScope (%2)</translation>
        </message>
        <message>
            <source>'id' must be lower-case letters, digits and dashes (got '%1')</source>
            <translation>'id' должен состоять из строчных букв, цифр и дефисов (получено '%1')</translation>
        </message>
        <message>
            <source>'base' must be an object of scenario keys</source>
            <translation>'base' должен быть объектом ключей сценария</translation>
        </message>
        <message>
            <source>'steps' must be a non-empty array</source>
            <translation>'steps' должен быть непустым массивом</translation>
        </message>
        <message>
            <source>a tour has at most %1 steps (this one has %2)</source>
            <translation>в экскурсии не больше %1 шагов (в этой %2)</translation>
        </message>
        <message>
            <source>step %1 must be an object</source>
            <translation>шаг %1 должен быть объектом</translation>
        </message>
        <message>
            <source>unknown key '%1' in step %2 (expected one of: %3)</source>
            <translation>неизвестный ключ '%1' в шаге %2 (ожидается один из: %3)</translation>
        </message>
        <message>
            <source>'set' must be an object of scenario keys</source>
            <translation>'set' должен быть объектом ключей сценария</translation>
        </message>
        <message>
            <source>'tab' must be "memory", "step" or "train" (got '%1')</source>
            <translation>'tab' должен быть "memory", "step" или "train" (получено '%1')</translation>
        </message>
        <message>
            <source>unknown key '%1' in highlight (expected element, term, bar)</source>
            <translation>неизвестный ключ '%1' в highlight (ожидаются element, term, bar)</translation>
        </message>
        <message>
            <source>a bar segment can be highlighted only in 'memory-per-gpu' (got '%1')</source>
            <translation>сегмент столбца можно выделить только в 'memory-per-gpu' (получено '%1')</translation>
        </message>
        <message>
            <source>unknown term '%1' (core's term keys: params, grads, master, optimizer, ...)</source>
            <translation>неизвестная составляющая '%1' (ключи составляющих ядра: params, grads, master, optimizer, ...)</translation>
        </message>
        <message>
            <source>'bar' must be an integer from 0 to 63 (the bar's index from the left)</source>
            <translation>'bar' должен быть целым числом от 0 до 63 (номер столбца слева)</translation>
        </message>
        <message>
            <source>unknown highlight '%1' (expected one of: %2)</source>
            <translation>неизвестное выделение '%1' (ожидается одно из: %2)</translation>
        </message>
        <message>
            <source>'controls' must be an array of control names</source>
            <translation>'controls' должен быть массивом имён элементов управления</translation>
        </message>
        <message>
            <source>unknown control '%1' (expected one of: %2)</source>
            <translation>неизвестный элемент управления '%1' (ожидается один из: %2)</translation>
        </message>
        <message>
            <source>'claims' must be an array</source>
            <translation>'claims' должен быть массивом</translation>
        </message>
        <message>
            <source>a claim must be an object {source, quantity, says, holds}</source>
            <translation>утверждение должно быть объектом {source, quantity, says, holds}</translation>
        </message>
        <message>
            <source>unknown quantity '%1'</source>
            <translation>неизвестная величина '%1'</translation>
        </message>
        <message>
            <source>'says' must be a number</source>
            <translation>'says' должен быть числом</translation>
        </message>
        <message>
            <source>'holds' must be true or false</source>
            <translation>'holds' должен быть true или false</translation>
        </message>
        <message>
            <source>'play' must be true or false</source>
            <translation>'play' должен быть true или false</translation>
        </message>
        <message>
            <source>no tour named '%1' and no such file (shardscope tour --list lists the tours)</source>
            <translation>нет экскурсии '%1' и нет такого файла (список экскурсий: shardscope tour --list)</translation>
        </message>
        <message>
            <source>%1: line %2: step %3: </source>
            <translation>%1: строка %2: шаг %3: </translation>
        </message>
        <message>
            <source>caption.%1: %2</source>
            <translation>caption.%1: %2</translation>
        </message>
        <message>
            <source>%1: line %2: step %3: %4 says %5 = %6 and the claim is marked true, but core gives %7</source>
            <translation>%1: строка %2: шаг %3: %4 утверждает %5 = %6, и утверждение помечено верным, но ядро даёт %7</translation>
        </message>
        <message>
            <source>%1: line %2: step %3: %4 says %5 = %6 and the claim is marked false, but core agrees (%7)</source>
            <translation>%1: строка %2: шаг %3: %4 утверждает %5 = %6, и утверждение помечено неверным, но ядро согласно (%7)</translation>
        </message>
        <message>
            <source>caption.%1 states %2, which is neither a quantity of this step's scenario nor a claim's number (use a {quantity} placeholder)</source>
            <translation>caption.%1 называет %2, а это не величина сценария этого шага и не число из утверждения (используйте заполнитель {quantity})</translation>
        </message>
        <message>
            <source>{%1} needs a step with "train"</source>
            <translation>{%1} требует шага с "train"</translation>
        </message>
        <message>
            <source>the scenario does not fit (%1 GB of %2 GB per GPU) and caption.%3 does not say so</source>
            <translation>сценарий не помещается (%1 ГБ из %2 ГБ на GPU), а caption.%3 об этом не говорит</translation>
        </message>
        <message>
            <source>caption.%1 says the scenario does not fit, but it fits (%2 GB of %3 GB per GPU)</source>
            <translation>caption.%1 говорит, что сценарий не помещается, но он помещается (%2 ГБ из %3 ГБ на GPU)</translation>
        </message>
    </context>
    <context>
        <name>FormulaWords</name>
        <message>
            <source>buffers are the gathered params and unsharded grads</source>
            <translation>буферы — это собранные параметры и нешардированные градиенты</translation>
        </message>
        <message>
            <source>reduces in place in its contiguous grad buffer</source>
            <translation>редуцирует на месте в своём непрерывном буфере градиентов</translation>
        </message>
        <message>
            <source>the stage's unsharded grads accumulate over the micro-batches</source>
            <translation>нешардированные градиенты стадии накапливаются по микробатчам</translation>
        </message>
        <message>
            <source>only the last stage computes the logits</source>
            <translation>логиты вычисляет только последняя стадия</translation>
        </message>
        <message>
            <source>gradient accumulation runs them in turn</source>
            <translation>накопление градиентов прогоняет их по очереди</translation>
        </message>
        <message>
            <source>stay gathered from forward to backward</source>
            <translation>остаются собранными от прямого прохода до обратного</translation>
        </message>
        <message>
            <source>weight cast and its transpose for the layer in use</source>
            <translation>приведение весов и его транспонирование для текущего слоя</translation>
        </message>
        <message>
            <source>Megatron's contiguous main-grad buffer</source>
            <translation>непрерывный буфер main-grad Megatron</translation>
        </message>
        <message>
            <source>the gradient of the upcast logits</source>
            <translation>градиент повышенных по точности логитов</translation>
        </message>
        <message>
            <source>weight copies saved by the matmuls</source>
            <translation>копии весов, сохранённые матумножениями</translation>
        </message>
        <message>
            <source>every n-th block checkpointed</source>
            <translation>чекпоинт каждого n-го блока</translation>
        </message>
        <message>
            <source>buckets copy every gradient</source>
            <translation>бакеты копируют каждый градиент</translation>
        </message>
        <message>
            <source>buckets are views of the grads</source>
            <translation>бакеты — представления градиентов</translation>
        </message>
        <message>
            <source>no data-parallel communication</source>
            <translation>нет коммуникации параллелизма данных</translation>
        </message>
        <message>
            <source>nothing to reduce-scatter</source>
            <translation>нечего делать через reduce-scatter</translation>
        </message>
        <message>
            <source>outside the caching allocator</source>
            <translation>вне кэширующего аллокатора</translation>
        </message>
        <message>
            <source>log-softmax kept for backward</source>
            <translation>log-softmax, сохранённый для обратного прохода</translation>
        </message>
        <message>
            <source>one tensor's grads at a time</source>
            <translation>градиенты одного тензора за раз</translation>
        </message>
        <message>
            <source>micro-batch at a time</source>
            <translation>микробатч за раз</translation>
        </message>
        <message>
            <source>one layer's recompute</source>
            <translation>пересчёт одного слоя</translation>
        </message>
        <message>
            <source>backward working set</source>
            <translation>рабочий набор обратного прохода</translation>
        </message>
        <message>
            <source>one unit's full grads</source>
            <translation>полные градиенты одного юнита</translation>
        </message>
        <message>
            <source>not alive at the peak</source>
            <translation>в пике не занимает памяти</translation>
        </message>
        <message>
            <source>part alive at the peak</source>
            <translation>в пике занято частично</translation>
        </message>
        <message>
            <source>allocated at the peak</source>
            <translation>выделено в пике</translation>
        </message>
        <message>
            <source>attention scores recomputed</source>
            <translation>оценки внимания пересчитываются</translation>
        </message>
        <message>
            <source>model states and persistent buffers</source>
            <translation>состояния модели и постоянные буферы</translation>
        </message>
        <message>
            <source>no vocabulary logits</source>
            <translation>нет логитов по словарю</translation>
        </message>
        <message>
            <source>classifier or reward head</source>
            <translation>голова классификатора или награды</translation>
        </message>
        <message>
            <source>no sync until the last</source>
            <translation>без синхронизации до последнего</translation>
        </message>
        <message>
            <source>every activation in flight stored</source>
            <translation>все активации в полёте сохранены</translation>
        </message>
        <message>
            <source>stored activations plus its working set</source>
            <translation>сохранённые активации плюс его рабочий набор</translation>
        </message>
        <message>
            <source>gradients complete</source>
            <translation>градиенты готовы</translation>
        </message>
        <message>
            <source>activations freed</source>
            <translation>активации освобождены</translation>
        </message>
        <message>
            <source>states and gradients</source>
            <translation>состояния и градиенты</translation>
        </message>
        <message>
            <source>layers keep their input</source>
            <translation>слоёв хранят свой вход</translation>
        </message>
        <message>
            <source>of the stage's</source>
            <translation>из</translation>
        </message>
        <message>
            <source>bare count split by its</source>
            <translation>голое число, разбитое по своей</translation>
        </message>
        <message>
            <source>micro-batches in flight</source>
            <translation>микробатчей в полёте</translation>
        </message>
        <message>
            <source>layers in flight</source>
            <translation>слоёв в полёте</translation>
        </message>
        <message>
            <source>model chunks of</source>
            <translation>модельных блоков по</translation>
        </message>
        <message>
            <source>layer-micro-batches</source>
            <translation>слое-микробатчей</translation>
        </message>
        <message>
            <source>params on stage</source>
            <translation>параметров на стадии</translation>
        </message>
        <message>
            <source>of params under</source>
            <translation>параметров под</translation>
        </message>
        <message>
            <source>kept whole</source>
            <translation>хранятся целиком</translation>
        </message>
        <message>
            <source>kept between steps</source>
            <translation>хранится между шагами</translation>
        </message>
        <message>
            <source>kept for backward</source>
            <translation>сохранено для обратного прохода</translation>
        </message>
        <message>
            <source>the gradient of the</source>
            <translation>градиент</translation>
        </message>
        <message>
            <source>gradient of the logits</source>
            <translation>градиент логитов</translation>
        </message>
        <message>
            <source>copy holding the</source>
            <translation>копия, хранящая</translation>
        </message>
        <message>
            <source>then its gradient</source>
            <translation>затем его градиент</translation>
        </message>
        <message>
            <source>its gradient</source>
            <translation>его градиент</translation>
        </message>
        <message>
            <source>its input</source>
            <translation>его вход</translation>
        </message>
        <message>
            <source>attention output</source>
            <translation>выход внимания</translation>
        </message>
        <message>
            <source>every other</source>
            <translation>каждого другого</translation>
        </message>
        <message>
            <source>module in use</source>
            <translation>модуль в работе</translation>
        </message>
        <message>
            <source>prefetch min</source>
            <translation>предвыборка min</translation>
        </message>
        <message>
            <source>holds min</source>
            <translation>держит min</translation>
        </message>
        <message>
            <source>offloaded to host</source>
            <translation>выгружено на хост</translation>
        </message>
        <message>
            <source>offloaded to NVMe</source>
            <translation>выгружено на NVMe</translation>
        </message>
        <message>
            <source>offloaded to</source>
            <translation>выгружено на</translation>
        </message>
        <message>
            <source>of saved activations</source>
            <translation>сохранённых активаций</translation>
        </message>
        <message>
            <source>optimizer in backward</source>
            <translation>оптимизатор в обратном проходе</translation>
        </message>
        <message>
            <source>reduce bucket</source>
            <translation>бакет редукции</translation>
        </message>
        <message>
            <source>all-gather bucket</source>
            <translation>бакет all-gather</translation>
        </message>
        <message>
            <source>loss chunks</source>
            <translation>частей функции потерь</translation>
        </message>
        <message>
            <source>managed memory</source>
            <translation>управляемая память</translation>
        </message>
        <message>
            <source>no bucket copies</source>
            <translation>без копий в бакетах</translation>
        </message>
        <message>
            <source>nothing to gather</source>
            <translation>нечего собирать</translation>
        </message>
        <message>
            <source>recipes only</source>
            <translation>только в рецептах</translation>
        </message>
        <message>
            <source>switched off</source>
            <translation>выключено</translation>
        </message>
        <message>
            <source>replicated over</source>
            <translation>реплицировано по</translation>
        </message>
        <message>
            <source>per micro-batch</source>
            <translation>на микробатч</translation>
        </message>
        <message>
            <source>per layer</source>
            <translation>на слой</translation>
        </message>
        <message>
            <source>per TP rank</source>
            <translation>на ранг TP</translation>
        </message>
        <message>
            <source>in place</source>
            <translation>на месте</translation>
        </message>
        <message>
            <source>in use</source>
            <translation>в работе</translation>
        </message>
        <message>
            <source>the largest</source>
            <translation>наибольший</translation>
        </message>
        <message>
            <source>vocab-parallel</source>
            <translation>параллельный по словарю</translation>
        </message>
        <message>
            <source>compiled loss</source>
            <translation>скомпилированная функция потерь</translation>
        </message>
        <message>
            <source>first stage</source>
            <translation>первая стадия</translation>
        </message>
        <message>
            <source>middle stage</source>
            <translation>средняя стадия</translation>
        </message>
        <message>
            <source>last stage</source>
            <translation>последняя стадия</translation>
        </message>
        <message>
            <source>all ranks</source>
            <translation>все ранги</translation>
        </message>
        <message>
            <source>the other</source>
            <translation>остальные</translation>
        </message>
        <message>
            <source>their full</source>
            <translation>свои полные</translation>
        </message>
        <message>
            <source>on the</source>
            <translation>на</translation>
        </message>
        <message>
            <source>backward-start</source>
            <translation>начало обратного прохода</translation>
        </message>
        <message>
            <source>backward-end</source>
            <translation>конец обратного прохода</translation>
        </message>
        <message>
            <source>forward-end</source>
            <translation>конец прямого прохода</translation>
        </message>
        <message>
            <source>optimizer-step</source>
            <translation>шаг оптимизатора</translation>
        </message>
        <message>
            <source>steady</source>
            <translation>между шагами</translation>
        </message>
        <message>
            <source>per-op</source>
            <translation>по операциям</translation>
        </message>
        <message>
            <source>params</source>
            <translation>параметров</translation>
        </message>
        <message>
            <source>param</source>
            <translation>параметр</translation>
        </message>
        <message>
            <source>layers</source>
            <translation>слоёв</translation>
        </message>
        <message>
            <source>layer</source>
            <translation>слой</translation>
        </message>
        <message>
            <source>over</source>
            <translation>по</translation>
        </message>
        <message>
            <source>per</source>
            <translation>на</translation>
        </message>
        <message>
            <source>of</source>
            <translation>из</translation>
        </message>
        <message>
            <source>rank</source>
            <translation>ранг</translation>
        </message>
        <message>
            <source>stage</source>
            <translation>стадия</translation>
        </message>
        <message>
            <source>full</source>
            <translation>полный</translation>
        </message>
        <message>
            <source>selective</source>
            <translation>выборочный</translation>
        </message>
        <message>
            <source>interleaved</source>
            <translation>чередующееся</translation>
        </message>
        <message>
            <source>logits</source>
            <translation>логиты</translation>
        </message>
        <message>
            <source>elements</source>
            <translation>элементов</translation>
        </message>
        <message>
            <source>input</source>
            <translation>вход</translation>
        </message>
        <message>
            <source>output</source>
            <translation>выход</translation>
        </message>
        <message>
            <source>without</source>
            <translation>без</translation>
        </message>
        <message>
            <source>units</source>
            <translation>юнитов</translation>
        </message>
        <message>
            <source>current</source>
            <translation>текущий</translation>
        </message>
        <message>
            <source>prefetched</source>
            <translation>предвыбранные</translation>
        </message>
        <message>
            <source>paged</source>
            <translation>страничный</translation>
        </message>
        <message>
            <source>context</source>
            <translation>контекст</translation>
        </message>
        <message>
            <source>workspaces</source>
            <translation>рабочие области</translation>
        </message>
        <message>
            <source>only</source>
            <translation>только</translation>
        </message>
        <message>
            <source>time</source>
            <translation>раз</translation>
        </message>
        <message>
            <source>micro-batches</source>
            <translation>микробатчей</translation>
        </message>
        <message>
            <source>micro-batch</source>
            <translation>микробатч</translation>
        </message>
        <message>
            <source>activations</source>
            <translation>активации</translation>
        </message>
        <message>
            <source>gradient</source>
            <translation>градиент</translation>
        </message>
        <message>
            <source>grads</source>
            <translation>градиенты</translation>
        </message>
        <message>
            <source>buffer</source>
            <translation>буфер</translation>
        </message>
        <message>
            <source>buffers</source>
            <translation>буферы</translation>
        </message>
        <message>
            <source>copy</source>
            <translation>копия</translation>
        </message>
        <message>
            <source>bucket</source>
            <translation>бакет</translation>
        </message>
        <message>
            <source>at</source>
            <translation>в</translation>
        </message>
        <message>
            <source>no</source>
            <translation>нет</translation>
        </message>
        <message>
            <source>upcast</source>
            <translation>повышение точности</translation>
        </message>
        <message>
            <source>autocast</source>
            <translation>autocast</translation>
        </message>
        <message>
            <source>split</source>
            <translation>разбиение</translation>
        </message>
        <message>
            <source>the stage's</source>
            <translation>на стадии</translation>
        </message>
        <message>
            <source>worst</source>
            <translation>худшая</translation>
        </message>
    </context>
    <context>
        <name>shardscope::Validation</name>
        <message>
            <source>&apos;%1&apos; has an underscore that does not group thousands (12_000)</source>
            <translation>«%1»: подчёркивание здесь не разделяет тысячи (12_000)</translation>
        </message>
        <message>
            <source>&apos;%1&apos; has a comma that does not group thousands; write decimals with a dot (1.5B)</source>
            <translation>«%1»: запятая здесь не разделяет тысячи; десятичную дробь пишите с точкой (1.5B)</translation>
        </message>
        <message>
            <source>&apos;%1&apos; is empty; expected a count such as 7e9, 7B or 1.5T</source>
            <translation>«%1»: пусто; ожидается количество вида 7e9, 7B или 1.5T</translation>
        </message>
        <message>
            <source>&apos;%1&apos; is not a number; expected a count such as 7e9, 7B or 1.5T</source>
            <translation>«%1» — не число; ожидается количество вида 7e9, 7B или 1.5T</translation>
        </message>
        <message>
            <source>&apos;%1&apos; has an unknown suffix; use K, M, B or T (powers of 1000)</source>
            <translation>«%1»: неизвестный суффикс; используйте K, M, B или T (степени 1000)</translation>
        </message>
        <message>
            <source>&apos;%1&apos; has no number before its suffix</source>
            <translation>«%1»: перед суффиксом нет числа</translation>
        </message>
        <message>
            <source>&apos;%1&apos; is not finite</source>
            <translation>«%1» — не конечное число</translation>
        </message>
        <message>
            <source>&apos;%1&apos; is negative</source>
            <translation>«%1» — отрицательное число</translation>
        </message>
        <message>
            <source>&apos;%1&apos; is too large</source>
            <translation>«%1» — слишком большое число</translation>
        </message>
        <message>
            <source>&apos;%1&apos; is not a whole number</source>
            <translation>«%1» — не целое число</translation>
        </message>
        <message>
            <source>the model needs at least 1 parameter</source>
            <translation>модели нужен хотя бы 1 параметр</translation>
        </message>
        <message>
            <source>beyond the model's range (at most 100T parameters)</source>
            <translation>за пределами модели (не более 100T параметров)</translation>
        </message>
        <message>
            <source>the architecture has more than 100T parameters, beyond the model's range</source>
            <translation>в архитектуре больше 100T параметров, это за пределами модели</translation>
        </message>
        <message>
            <source>the number of GPUs must be at least 1 (got %1)</source>
            <translation>число GPU должно быть не меньше 1 (задано %1)</translation>
        </message>
        <message>
            <source>%1 GPUs is beyond the model's range (at most 1,048,576)</source>
            <translation>%1 GPU — за пределами модели (не более 1 048 576)</translation>
        </message>
        <message>
            <source>must be between 1 and 1024</source>
            <translation>должно быть от 1 до 1024</translation>
        </message>
        <message>
            <source>tensor-parallel size must be at least 1</source>
            <translation>степень тензорного параллелизма должна быть не меньше 1</translation>
        </message>
        <message>
            <source>pipeline-parallel size must be at least 1</source>
            <translation>степень конвейерного параллелизма должна быть не меньше 1</translation>
        </message>
        <message>
            <source>TP %1 exceeds the %2 GPUs</source>
            <translation>TP %1 больше числа GPU (%2)</translation>
        </message>
        <message>
            <source>TP %1 exceeds the %2 attention heads of the count&apos;s GPT shape</source>
            <translation>TP %1 больше числа голов внимания (%2) у GPT-формы этого числа параметров</translation>
        </message>
        <message>
            <source>TP %1 does not divide the %2 attention heads</source>
            <translation>TP %1 не делит число голов внимания (%2)</translation>
        </message>
        <message>
            <source>TP %1 and the %2 KV heads do not divide one another</source>
            <translation>TP %1 и число KV-голов (%2) не делятся одно на другое</translation>
        </message>
        <message>
            <source>PP %1 exceeds the %2 layers</source>
            <translation>PP %1 больше числа слоёв (%2)</translation>
        </message>
        <message>
            <source>context-parallel size must be at least 1</source>
            <translation>степень контекстного параллелизма должна быть не меньше 1</translation>
        </message>
        <message>
            <source>CP %1 exceeds the %2 GPUs</source>
            <translation>CP %1 больше числа GPU (%2)</translation>
        </message>
        <message>
            <source>CP %1 does not divide the sequence of %2 tokens</source>
            <translation>CP %1 не делит длину последовательности (токенов: %2)</translation>
        </message>
        <message>
            <source>%1 GPUs are not divisible by TP x PP = %2</source>
            <translation>%1 GPU не делятся на TP x PP = %2</translation>
        </message>
        <message>
            <source>%1 GPUs are not divisible by TP x PP x CP = %2</source>
            <translation>%1 GPU не делятся на TP x PP x CP = %2</translation>
        </message>
        <message>
            <source>virtual pipeline chunks must be at least 1</source>
            <translation>число виртуальных частей конвейера должно быть не меньше 1</translation>
        </message>
        <message>
            <source>the interleaved schedule needs PP &gt; 1</source>
            <translation>чередующемуся расписанию нужно PP &gt; 1</translation>
        </message>
        <message>
            <source>%1 layers cannot fill PP x VPP = %2 model chunks (each needs at least one layer)</source>
            <translation>слоёв (%1) не хватит на PP x VPP = %2 частей модели (каждой нужен хотя бы один слой)</translation>
        </message>
        <message>
            <source>the interleaved schedule needs the micro-batch count (%1) to be a multiple of PP %2</source>
            <translation>чередующемуся расписанию нужно, чтобы число микробатчей (%1) было кратно PP %2</translation>
        </message>
        <message>
            <source>ZeRO stage must be 0, 1, 2 or 3</source>
            <translation>стадия ZeRO должна быть 0, 1, 2 или 3</translation>
        </message>
        <message>
            <source>optimizer offload needs ZeRO stage 1, 2 or 3</source>
            <translation>выгрузке оптимизатора нужна стадия ZeRO 1, 2 или 3</translation>
        </message>
        <message>
            <source>parameter offload needs ZeRO stage 3</source>
            <translation>выгрузке параметров нужна стадия ZeRO 3</translation>
        </message>
        <message>
            <source>%1 is out of range (%2 to %3)</source>
            <translation>%1 вне допустимого диапазона (от %2 до %3)</translation>
        </message>
        <message>
            <source>must be between 1 and 65536</source>
            <translation>должно быть от 1 до 65536</translation>
        </message>
        <message>
            <source>sequence length must be between 1 and 16,777,216</source>
            <translation>длина последовательности должна быть от 1 до 16 777 216</translation>
        </message>
        <message>
            <source>%1 tokens exceed the %2 learned positions of %3 (its position embedding has no row for them)</source>
            <translation>токенов (%1) больше, чем обученных позиций у %3 (%2): в его позиционном эмбеддинге для них нет строк</translation>
        </message>
        <message>
            <source>must be between 1 and 1,000,000</source>
            <translation>должно быть от 1 до 1 000 000</translation>
        </message>
        <message>
            <source>must be a fraction from 0 to below 1</source>
            <translation>должно быть долей от 0 до значения меньше 1</translation>
        </message>
        <message>
            <source>must not be negative</source>
            <translation>не может быть отрицательным</translation>
        </message>
        <message>
            <source>bucket sizes must not be negative</source>
            <translation>размеры бакетов не могут быть отрицательными</translation>
        </message>
        <message>
            <source>must be between 0 and 1000</source>
            <translation>должно быть от 0 до 1000</translation>
        </message>
        <message>
            <source>stage-3 sizes must not be negative</source>
            <translation>размеры стадии 3 не могут быть отрицательными</translation>
        </message>
        <message>
            <source>single means one GPU; %1 GPUs need ddp, deepspeed, fsdp2 or megatron</source>
            <translation>single — это один GPU; для %1 GPU нужен ddp, deepspeed, fsdp2 или megatron</translation>
        </message>
        <message>
            <source>stepping in backward cannot accumulate gradients over %1 micro-batches</source>
            <translation>шаг оптимизатора в обратном проходе не может накапливать градиенты по нескольким микробатчам (%1)</translation>
        </message>
        <message>
            <source>capacity must be positive</source>
            <translation>объём должен быть положительным</translation>
        </message>
        <message>
            <source>host RAM must be positive</source>
            <translation>ОЗУ хоста должно быть положительным</translation>
        </message>
        <message>
            <source>NVMe capacity must be positive</source>
            <translation>объём NVMe должен быть положительным</translation>
        </message>
        <message>
            <source>bytes per parameter must be between 0 and 64</source>
            <translation>байт на параметр должно быть от 0 до 64</translation>
        </message>
        <message>
            <source>the safety margin (%1) must be below the GPU's capacity (%2)</source>
            <translation>запас (%1) должен быть меньше объёма памяти GPU (%2)</translation>
        </message>
        <message>
            <source>must be 0 (the GPU's own large-GEMM figure) or a fraction from 0.001 to 1</source>
            <translation>должно быть 0 (собственное значение GPU для больших GEMM) или долей от 0.001 до 1</translation>
        </message>
        <message>
            <source>must be 0 (the GPU's FlashAttention figure) or a fraction from 0.001 to 1</source>
            <translation>должно быть 0 (значение GPU для FlashAttention) или долей от 0.001 до 1</translation>
        </message>
        <message>
            <source>must be from 0 to 4096 K elements</source>
            <translation>должно быть от 0 до 4096 элементов K</translation>
        </message>
        <message>
            <source>must be from 1 to 1000000</source>
            <translation>должно быть от 1 до 1000000</translation>
        </message>
        <message>
            <source>collective latency must be between 0 and 1,000,000 microseconds</source>
            <translation>задержка коллективной операции должна быть от 0 до 1 000 000 микросекунд</translation>
        </message>
        <message>
            <source>link bandwidth must be between 0.001 and 1,000,000 GB/s</source>
            <translation>пропускная способность канала должна быть от 0.001 до 1 000 000 ГБ/с</translation>
        </message>
        <message>
            <source>peak must be 0 (the GPU preset's) or between 0.001 and 100,000 TFLOP/s</source>
            <translation>пик должен быть 0 (значение пресета GPU) или от 0.001 до 100 000 TFLOP/s</translation>
        </message>
        <message>
            <source>memory bandwidth must be 0 (the GPU preset's) or between 1 and 1,000,000 GB/s</source>
            <translation>пропускная способность памяти должна быть 0 (значение пресета GPU) или от 1 до 1 000 000 ГБ/с</translation>
        </message>
        <message>
            <source>the interleaved schedule of %1 micro-batches x %2 chunks per GPU is beyond the model's range (at most %3 micro-batch chunks per GPU)</source>
            <translation>чередующееся расписание (микробатчей: %1, частей на GPU: %2) за пределами модели (не более %3 частей микробатчей на GPU)</translation>
        </message>
        <message>
            <source>expert-parallel size must be at least 1</source>
            <translation>размер экспертного параллелизма должен быть не меньше 1</translation>
        </message>
        <message>
            <source>expert tensor-parallel size must be at least 1 (0: the TP size)</source>
            <translation>размер тензорного параллелизма экспертов должен быть не меньше 1 (0: размер TP)</translation>
        </message>
        <message>
            <source>EP %1 does not divide the %2 experts</source>
            <translation>EP %1 не делит %2 экспертов</translation>
        </message>
        <message>
            <source>expert TP x EP = %1 does not divide the %2 GPUs of a pipeline stage</source>
            <translation>TP экспертов x EP = %1 не делит %2 GPU стадии конвейера</translation>
        </message>
        <message>
            <source>expert TP %1 does not divide the expert FFN size %2</source>
            <translation>TP экспертов %1 не делит размер FFN эксперта %2</translation>
        </message>
        <message>
            <source>must be between 1 and 64</source>
            <translation>должно быть от 1 до 64</translation>
        </message>
        <message>
            <source>%1 layers and the embedding / loss slots (%2 in all) do not divide over PP %3</source>
            <translation>%1 слоёв вместе со слотами эмбеддинга и функции потерь (всего %2) не делятся на PP %3</translation>
        </message>
        <message>
            <source>%1 layers with the embedding and loss slots cannot fill PP x VPP = %2 model chunks</source>
            <translation>%1 слоёв со слотами эмбеддинга и функции потерь не заполняют PP x VPP = %2 частей модели</translation>
        </message>
        <message>
            <source>the %1 slots of a pipeline stage (layers, embedding, loss) do not split over %2 model chunks</source>
            <translation>%1 слотов стадии конвейера (слои, эмбеддинг, функция потерь) не делятся на %2 частей модели</translation>
        </message>
    </context>
    <context>
        <name>shardscope::Units</name>
        <message>
            <source>B</source>
            <comment>byte unit symbol: 1 byte (Russian Б)</comment>
            <translation>Б</translation>
        </message>
        <message>
            <source>kB</source>
            <comment>byte unit symbol: 10^3 bytes (Russian кБ)</comment>
            <translation>кБ</translation>
        </message>
        <message>
            <source>MB</source>
            <comment>byte unit symbol: 10^6 bytes (Russian МБ)</comment>
            <translation>МБ</translation>
        </message>
        <message>
            <source>GB</source>
            <comment>byte unit symbol: 10^9 bytes (Russian ГБ)</comment>
            <translation>ГБ</translation>
        </message>
        <message>
            <source>TB</source>
            <comment>byte unit symbol: 10^12 bytes (Russian ТБ)</comment>
            <translation>ТБ</translation>
        </message>
        <message>
            <source>MiB</source>
            <comment>byte unit symbol: 2^20 bytes (Russian МиБ)</comment>
            <translation>МиБ</translation>
        </message>
        <message>
            <source>GiB</source>
            <comment>byte unit symbol: 2^30 bytes (Russian ГиБ)</comment>
            <translation>ГиБ</translation>
        </message>
    </context>
    <context>
        <name>shardscope::RecipeText</name>
        <message>
            <source>fp32 weights and grads, Adam m,v in fp32</source>
            <translation>веса и градиенты в fp32, m и v Adam в fp32</translation>
        </message>
        <message>
            <source>fp16/bf16 mixed precision with fp32 master and Adam (ZeRO paper K=12; DeepSpeed)</source>
            <translation>смешанная точность fp16/bf16 с мастер-весами и Adam в fp32 (K=12 из статьи о ZeRO; DeepSpeed)</translation>
        </message>
        <message>
            <source>bf16 with fp32 gradient accumulation, fp32 master and Adam (Megatron default)</source>
            <translation>bf16 с накоплением градиентов в fp32, мастер-весами и Adam в fp32 (по умолчанию в Megatron)</translation>
        </message>
        <message>
            <source>16-bit weights, grads and Adam moments, no master (seed 000&apos;s 560 GB)</source>
            <translation>16-битные веса, градиенты и моменты Adam, без мастер-весов (560 ГБ из seed 000)</translation>
        </message>
        <message>
            <source>16-bit weights and grads, fp32 Adam moments, no master</source>
            <translation>16-битные веса и градиенты, моменты Adam в fp32, без мастер-весов</translation>
        </message>
        <message>
            <source>mixed precision with 8-bit Adam (bitsandbytes style)</source>
            <translation>смешанная точность с 8-битным Adam (как в bitsandbytes)</translation>
        </message>
        <message>
            <source>mixed precision with SGD + momentum</source>
            <translation>смешанная точность с SGD и моментом</translation>
        </message>
        <message>
            <source>fp8 linears (Transformer Engine / torchao) over bf16 mixed precision</source>
            <translation>линейные слои в fp8 (Transformer Engine / torchao) поверх смешанной точности bf16</translation>
        </message>
        <message>
            <source>custom bytes per parameter</source>
            <translation>свои числа байт на параметр</translation>
        </message>
    </context>
    <context>
        <name>shardscope::TrainStrategy</name>
        <message>
            <source>Single process</source>
            <comment>training strategy: one process, no data parallelism (the reference run)</comment>
            <translation>Один процесс</translation>
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
            <translation>Наивный ZeRO-1 (all-reduce)</translation>
        </message>
    </context>
</TS>
