<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ru">
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
        <source>Keep only each layer&apos;s input; recompute the layer.</source>
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
        <source>Split each layer&apos;s weights over %1 GPUs of a node.</source>
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
        <translation>Рецепт точности</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>Оптимизатор</translation>
    </message>
    <message>
        <source>Checkpointing</source>
        <translation>Чекпоинтинг активаций</translation>
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
        <translation>Накопление градиентов</translation>
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
What they omit keeps Megatron&apos;s defaults; the model comes from --num-layers, --hidden-size, ...</source>
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
        <source>ShardScope scenarios (*.shardscope.json *.json);;All files (*)</source>
        <translation>Сценарии ShardScope (*.shardscope.json *.json);;Все файлы (*)</translation>
    </message>
    <message>
        <source>&lt;h3&gt;ShardScope %1&lt;/h3&gt;&lt;p&gt;Where GPU memory and time go when a large model is trained on many GPUs: per-GPU memory by term and rank, the smallest N that fits, and one training step&apos;s collectives.&lt;/p&gt;&lt;p&gt;Every number comes from one model in &lt;tt&gt;core/&lt;/tt&gt;; its formulas and sources are in Help &amp;gt; The Model.&lt;/p&gt;&lt;p&gt;Built with Qt %2. MIT licence.&lt;/p&gt;</source>
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
        <source>&lt;h3&gt;Keyboard shortcuts&lt;/h3&gt;&lt;table cellpadding=&apos;4&apos;&gt;</source>
        <translation>&lt;h3&gt;Сочетания клавиш&lt;/h3&gt;&lt;table cellpadding=&apos;4&apos;&gt;</translation>
    </message>
    <message>
        <source>&lt;/table&gt;&lt;p&gt;The Step tab&apos;s keys work whenever the tab is shown, wherever the focus is (a text box being edited keeps its own keys).&lt;/p&gt;</source>
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
</context>
<context>
    <name>shardscope::PeersPage</name>
    <message>
        <source>What other estimators would print for this scenario, each under its own convention (units, rounding, what it counts), beside ShardScope&apos;s worst rank. &quot;ignored&quot;: the peer does not model the term; &quot;in total&quot;: counted only inside one figure. Hover a cell for the formula; docs/peers.md names the sources.</source>
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
        <translation>ожидание %1 %2</translation>
    </message>
    <message>
        <source>communicating</source>
        <translation>обмен данными</translation>
    </message>
    <message>
        <source> layer %1</source>
        <translation> слой %1</translation>
    </message>
    <message>
        <source>-%1</source>
        <translation>-%1</translation>
    </message>
    <message>
        <source> LM head</source>
        <translation> выходной слой LM</translation>
    </message>
    <message>
        <source>TP %1 x DP %2 x PP %3 = %4 GPUs, %5 per node · rank = tp + TP (dp + DP pp)</source>
        <translation>TP %1 x DP %2 x PP %3 = %4 GPU, %5 на узел · ранг = tp + TP (dp + DP pp)</translation>
    </message>
    <message>
        <source> · showing ranks %1-%2 (x %3/%4: the other GPUs repeat them)</source>
        <translation> · показаны ранги %1-%2 (x %3/%4: остальные GPU их повторяют)</translation>
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
        <source>%1 modelled (%2 exposed) · %3 of %4 ranks over %5 at %6/s · ring step %7 of %8 (illustration: one loop per 1.6 s, not to scale)%9</source>
        <translation>%1 по модели (%2 не скрыто) · %3 из %4 рангов через %5 на %6/с · шаг кольца %7 из %8 (иллюстрация: один круг за 1.6 с, не в масштабе)%9</translation>
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
        <source>%1 stages x %2 micro-batches: too many blocks to draw (the step&apos;s totals still hold).</source>
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
        <source>%1 · p = %2, m = %3%4 · bubble %5% of the step on the worst rank (ideal %6 = %7%)</source>
        <translation>%1 · p = %2, m = %3%4 · пузырь %5% шага на худшем ранге (идеал %6 = %7%)</translation>
    </message>
    <message>
        <source>, v = %1</source>
        <translation>, v = %1</translation>
    </message>
    <message>
        <source>blue: forward, green: backward (number: micro-batch); hatched: bubble</source>
        <translation>синий: прямой проход, зелёный: обратный (число: микробатч); штриховка: пузырь</translation>
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
        <source>%1 / %2 · event %3 of %4 · %5x</source>
        <translation>%1 / %2 · событие %3 из %4 · %5x</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:#d94a3d&apos;&gt;⚠ No step for this scenario: %1. Showing the last valid step.&lt;/span&gt;&lt;br&gt;</source>
        <translation>&lt;span style=&apos;color:#d94a3d&apos;&gt;⚠ Для этого сценария нет шага: %1. Показан последний корректный шаг.&lt;/span&gt;&lt;br&gt;</translation>
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
        <source>&lt;b&gt;Step %1&lt;/b&gt; · %2 TFLOP/s per GPU (executed) · MFU %3% · %4 tokens/s per GPU · compute %5, recompute %6, exposed comm %7 (hidden %8), bubble %9, optimizer %10 · %11 · kernel efficiency %12 (a property of the kernels, not an MFU)%13</source>
        <translation>&lt;b&gt;Шаг %1&lt;/b&gt; · %2 TFLOP/s на GPU (выполнено) · MFU %3% · %4 токенов/с на GPU · вычисления %5, пересчёт %6, нескрытый обмен %7 (скрытый %8), пузырь %9, оптимизатор %10 · %11 · эффективность ядер %12 (свойство ядер, а не MFU)%13</translation>
    </message>
    <message>
        <source>fits</source>
        <translation>помещается</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:#d94a3d&apos;&gt;does not fit&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:#d94a3d&apos;&gt;не помещается&lt;/span&gt;</translation>
    </message>
    <message>
        <source> · events merged (%1 layers, %2 blocks each)</source>
        <translation> · события объединены (по %1 слоёв, по %2 блоков)</translation>
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
        <translation>Собранные параметры ZeRO-3</translation>
    </message>
    <message>
        <source>ZeRO-3 unsharded grads</source>
        <translation>Нешардированные градиенты ZeRO-3</translation>
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
        <source>The model&apos;s weights held by this GPU, in the recipe&apos;s weight precision.</source>
        <translation>Веса модели, которые хранит этот GPU, в точности весов рецепта.</translation>
    </message>
    <message>
        <source>Gradients of this GPU&apos;s parameters, in the recipe&apos;s gradient precision.</source>
        <translation>Градиенты параметров этого GPU в точности градиентов рецепта.</translation>
    </message>
    <message>
        <source>The fp32 master copy of the weights that mixed-precision optimizers update.</source>
        <translation>fp32 мастер-копия весов, которую обновляют оптимизаторы со смешанной точностью.</translation>
    </message>
    <message>
        <source>Optimizer states, e.g. Adam&apos;s first and second moments.</source>
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
        <source>ZeRO-3/FSDP: a block&apos;s full gradients in backward before the reduce-scatter shards them.</source>
        <translation>ZeRO-3/FSDP: полные градиенты блока при обратном проходе, пока reduce-scatter их не шардирует.</translation>
    </message>
    <message>
        <source>Communication buckets: DDP&apos;s gradient copies or ZeRO&apos;s reduce/all-gather buckets.</source>
        <translation>Бакеты обмена: копии градиентов DDP или бакеты reduce/all-gather в ZeRO.</translation>
    </message>
    <message>
        <source>fp8 recipes: fp8 copies of a layer&apos;s weights and saved fp8 GEMM inputs.</source>
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
</context>
<context>
    <name>shardscope::TrainDemoPanel</name>
    <message>
        <source>bf16 params and grads, fp32 master</source>
        <translation>параметры и градиенты bf16, fp32 мастер-копия</translation>
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
        <translation>По-настоящему обучает MLP с 1.4M параметров на N рангах (потоках) и измеряет каждый буфер, который выделяет каждый ранг. Глобальный батч (48) должен делиться на ранги поровну.</translation>
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
        <source>Cannot run: </source>
        <translation>Невозможно запустить: </translation>
    </message>
    <message>
        <source>Running %1 over %2 ranks...</source>
        <translation>Выполняется %1 на %2 рангах...</translation>
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
</TS>
