<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ru">
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
        <source>Every figure back to the GPU preset&apos;s, the collective latency back to 5 µs</source>
        <translation>Все значения — как в пресете GPU, задержка коллективных операций — снова 5 мкс</translation>
    </message>
    <message>
        <source>Peak 16-bit (TFLOP/s)</source>
        <translation>Пик 16-бит (TFLOP/s)</translation>
    </message>
    <message>
        <source>HBM bandwidth (GB/s)</source>
        <translation>Пропускная способность HBM (GB/s)</translation>
    </message>
    <message>
        <source>NVLink per direction (GB/s)</source>
        <translation>NVLink в одну сторону (GB/s)</translation>
    </message>
    <message>
        <source>NIC per GPU per direction (GB/s)</source>
        <translation>NIC на GPU в одну сторону (GB/s)</translation>
    </message>
    <message>
        <source>PCIe per direction (GB/s)</source>
        <translation>PCIe в одну сторону (GB/s)</translation>
    </message>
    <message>
        <source>Collective latency per hop (µs)</source>
        <translation>Задержка коллективной операции на шаг кольца (мкс)</translation>
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
        <source>Hardware</source>
        <translation>Оборудование</translation>
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
<context>
    <name>shardscope::ValidationChart</name>
    <message>
        <source>Measured (each row&apos;s own metric)</source>
        <translation>Измерено (в метрике каждой строки)</translation>
    </message>
    <message>
        <source>Measured (%1)</source>
        <translation>Измерено (%1)</translation>
    </message>
    <message>
        <source>Predicted (each row&apos;s own metric)</source>
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
</TS>
