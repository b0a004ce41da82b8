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
        <source>Plan</source>
        <translation>План</translation>
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
        <source>The fastest layout that fits, from the Plan tab&apos;s search: %1. Click to apply (Undo takes it back).</source>
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
        <source>(layouts evaluated: %1)</source>
        <translation>(оценено раскладок: %1)</translation>
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
        <source>What &quot;best&quot; means: the shortest step, the highest model FLOPs utilisation, or the most tokens per second per GPU</source>
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
        <source>%1 layouts evaluated, %2 pruned, %3 fit — searched in %4 ms</source>
        <translation>оценено раскладок: %1, отсечено: %2, помещается: %3 — поиск за %4 мс</translation>
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
