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
        <source>available (the node&apos;s capacity in the scenario)</source>
        <translation>доступно (ёмкость узла в сценарии)</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1, %2</translation>
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
        <source>Compare: pin a scenario as A first (Compare tab, Pin current as A).</source>
        <translation>Сравнение: сначала закрепите сценарий как A (вкладка «Сравнение», «Закрепить текущий как A»).</translation>
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
        <source>Comparing ZeRO stages: a logarithmic memory axis, so that a small ZeRO-3 bar stays readable beside DDP&apos;s. Each bar&apos;s top is its total.</source>
        <translation>Сравнение стадий ZeRO: логарифмическая ось памяти, чтобы маленький столбец ZeRO-3 был читаем рядом со столбцом DDP. Верх каждого столбца — его сумма.</translation>
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
</context>
<context>
    <name>shardscope::MemoryVsGpusChart</name>
    <message>
        <source>N GPUs (log scale)</source>
        <translation>N GPU (лог. шкала)</translation>
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
        <translation>ZeRO-%1: не помещается ни при каком N</translation>
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
        <source>Memory per GPU vs N (thick = current stage, ● = smallest N)</source>
        <translation>Память на GPU в зависимости от N (жирная = текущая стадия, ● = наименьшее N)</translation>
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
        <source>Tensor parallelism: one layer&apos;s weights over TP = %1 GPUs</source>
        <translation>Тензорный параллелизм: веса одного слоя на TP = %1 GPU</translation>
    </message>
    <message>
        <source>TP = 1: every GPU holds each layer&apos;s matrices whole</source>
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
</context>
</TS>
