// SPDX-License-Identifier: MIT
// The explorer's Qt-Gui-only layer: the breakdown table model, the verdict line and the typed Settings.
#include "breakdownmodel.h"
#include "explorer.h"
#include "language.h"
#include "resultjson.h"
#include "settings.h"

#include "shardscope/errors.h"
#include "shardscope/planner.h"
#include "shardscope/units.h"

#include <QAbstractItemModelTester>
#include <QFile>
#include <QFontMetrics>
#include <QGuiApplication>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStandardPaths>
#include <QTest>

using namespace shardscope;

namespace {
// Llama-2-70B: 68,976,648,192 parameters (countParams of the Hugging Face config; the number `shardscope
// estimate` prints for the default scenario).
constexpr std::int64_t kLlama70Params = 68976648192;
} // namespace

class TestExplorerModels : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(QFontMetrics(QFont()).inFont(QChar('A'))); // TOOLCHAIN.md pitfall 10: no fonts, no readable text
        QStandardPaths::setTestModeEnabled(true); // never touch the user's settings
        Settings().clear();
    }

    void breakdownModelUnderTester()
    {
        BreakdownModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 0);
        const Footprint f = computeFootprint(defaultScenario());
        model.setFootprint(f);
        QCOMPARE(model.rowCount(), kTermCount);
        QCOMPARE(model.columnCount(), int(BreakdownModel::ColumnCount));
        model.setUnit(ByteUnit::GiB);
        Scenario s = defaultScenario();
        s.pp = 4;
        model.setFootprint(computeFootprint(s));
        model.setUnit(ByteUnit::GB);
        QCOMPARE(model.rowCount(), kTermCount);
    }

    void breakdownRepaintsOnlyWhatChanged()
    {
        // Issue 29: a slider move repaints the table cells that changed, not the table. Every cell whose text changed
        // between two scenarios lies in a dataChanged range, and no range takes in the term column (it never changes
        // with a scenario; a change there made the sorting proxy re-sort and the view repaint every cell).
        const std::vector<std::pair<Scenario, Scenario>> moves = [] {
            std::vector<std::pair<Scenario, Scenario>> m;
            Scenario a = defaultScenario(), b = a;
            b.zeroStage = 1;
            m.emplace_back(a, b);
            a = b;
            b.pp = 4;
            m.emplace_back(a, b);
            a = b;
            b.microBatch = 4;
            m.emplace_back(a, b);
            a = b;
            b.recipe = resolveRecipe("fp8-mixed");
            m.emplace_back(a, b);
            return m;
        }();
        for (const auto& [from, to] : moves) {
            BreakdownModel model;
            model.setFootprint(computeFootprint(from));
            QList<QStringList> before;
            for (int r = 0; r < model.rowCount(); ++r) {
                before << QStringList();
                for (int c = 0; c < model.columnCount(); ++c)
                    before.back() << model.index(r, c).data().toString();
            }
            QSignalSpy spy(&model, &QAbstractItemModel::dataChanged);
            model.setFootprint(computeFootprint(to));
            int changedCells = 0;
            for (int r = 0; r < model.rowCount(); ++r) {
                for (int c = 0; c < model.columnCount(); ++c) {
                    if (model.index(r, c).data().toString() == before[r][c])
                        continue;
                    ++changedCells;
                    bool covered = false;
                    for (const QList<QVariant>& args : spy) {
                        const auto tl = args[0].value<QModelIndex>(), br = args[1].value<QModelIndex>();
                        covered = covered || (tl.row() <= r && r <= br.row() && tl.column() <= c && c <= br.column());
                    }
                    QVERIFY2(covered, qPrintable(QStringLiteral("cell %1,%2 changed without dataChanged").arg(r).arg(c)));
                }
            }
            QVERIFY(changedCells > 0);
            for (const QList<QVariant>& args : spy)
                QVERIFY(args[0].value<QModelIndex>().column() > BreakdownModel::TermColumn);
        }
    }

    void breakdownShowsTheWorstRanksBytesAndFormula()
    {
        BreakdownModel model;
        const Footprint f = computeFootprint(defaultScenario());
        model.setFootprint(f);
        const int row = static_cast<int>(Term::Optimizer);
        // Hand derivation (MODEL.md section 1, ZeRO-3 row): the mixed recipe's Adam m and v are 8 B/param,
        // sharded over d = 32: 8 x 68,976,648,192 / 32 = 17,244,162,048 B = 17.2 GB = 16.06 GiB.
        const qlonglong optimizerBytes = 8 * kLlama70Params / 32;
        QCOMPARE(model.index(row, BreakdownModel::BytesColumn).data(BreakdownModel::SortRole).toLongLong(), optimizerBytes);
        QCOMPARE(model.index(row, BreakdownModel::BytesColumn).data().toString(), QStringLiteral("17.2 GB"));
        QCOMPARE(model.headerData(BreakdownModel::BytesColumn, Qt::Horizontal).toString(), QStringLiteral("Per GPU (GB)"));
        model.setUnit(ByteUnit::GiB);
        QCOMPARE(model.index(row, BreakdownModel::BytesColumn).data().toString(), QStringLiteral("16.1 GiB"));
        QCOMPARE(model.headerData(BreakdownModel::BytesColumn, Qt::Horizontal).toString(), QStringLiteral("Per GPU (GiB)"));
        // The formula is core's, in words and numbers, ending in the value it produces.
        const QString formula = model.index(row, BreakdownModel::FormulaColumn).data().toString();
        QVERIFY2(formula.startsWith(QString::fromStdString(f.worstRank().terms[std::size_t(row)].formula)), qPrintable(formula));
        QVERIFY2(formula.endsWith(QStringLiteral("= 16.1 GiB")), qPrintable(formula));
        QCOMPARE(model.index(row, BreakdownModel::TermColumn).data(BreakdownModel::TermRole).toString(), QStringLiteral("optimizer"));
    }

    void breakdownSortsByRawBytes()
    {
        BreakdownModel model;
        model.setFootprint(computeFootprint(defaultScenario()));
        QSortFilterProxyModel proxy;
        QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        proxy.setSourceModel(&model);
        proxy.setSortRole(BreakdownModel::SortRole);
        proxy.sort(BreakdownModel::BytesColumn, Qt::DescendingOrder);
        for (int r = 1; r < proxy.rowCount(); ++r)
            QVERIFY(proxy.index(r - 1, BreakdownModel::BytesColumn).data(BreakdownModel::SortRole).toLongLong()
                    >= proxy.index(r, BreakdownModel::BytesColumn).data(BreakdownModel::SortRole).toLongLong());
        // 8 B/param of Adam states is the largest per-parameter component (MODEL.md section 1), so at ZeRO-3 it
        // leads; a string sort of "17.2 GB" vs "8.62 GB" would put master weights first.
        QCOMPARE(proxy.index(0, BreakdownModel::TermColumn).data(BreakdownModel::TermRole).toString(), QStringLiteral("optimizer"));
    }

    void verdict_data()
    {
        QTest::addColumn<int>("gpus");
        QTest::addColumn<int>("stage");
        QTest::addColumn<int>("tp");
        QTest::addColumn<int>("kind");
        QTest::addColumn<QString>("start");
        // The default scenario (foundation issue): fits; the capacity is A100 80GB's 81,920 MiB = 85.9 GB.
        QTest::newRow("fits: default") << 32 << 3 << 1 << int(Verdict::Kind::Fits) << QStringLiteral("Fits: ");
        // ZeRO-3 on 8 GPUs: 16 B x 68,976,648,192 / 8 = 138 GB of model states alone > 85.9 GB.
        QTest::newRow("does not fit: 8 GPUs") << 8 << 3 << 1 << int(Verdict::Kind::DoesNotFit)
                                              << QStringLiteral("Does not fit: ");
        // MODEL.md section 8: ZeRO-2 replicates 16-bit params, 2 B x 68,976,648,192 = 137,953,296,384 B = 138.0 GB
        // per GPU at any N (seed 000's "ZeRO-2 needs >100 GPUs" is wrong).
        QTest::newRow("never fits: ZeRO-2") << 32 << 2 << 1 << int(Verdict::Kind::NeverFits)
                                            << QStringLiteral("Never fits at any N with ZeRO-2: replicated 16-bit params are 138.0 GB");
    }

    void verdict()
    {
        QFETCH(int, gpus);
        QFETCH(int, stage);
        QFETCH(int, tp);
        QFETCH(int, kind);
        QFETCH(QString, start);
        Scenario s = defaultScenario();
        s.gpus = gpus;
        s.zeroStage = stage;
        s.tp = tp;
        const ExplorerResult r = computeExplorer(s);
        const Verdict v = verdictFor(r, ByteUnit::GB);
        QCOMPARE(int(v.kind), kind);
        QVERIFY2(v.text.startsWith(start), qPrintable(v.text));
        const Footprint& f = r.footprint;
        if (v.kind == Verdict::Kind::Fits) {
            QVERIFY2(v.text.startsWith(QStringLiteral("Fits: %1 device used of 85.9 GB (A100 80GB SXM)").arg(formatBytesUi(double(f.worstBytes()), ByteUnit::GB))),
                     qPrintable(v.text));
            QVERIFY(v.text.contains(QStringLiteral("headroom ") + formatBytesUi(double(f.usableBytes - f.worstBytes()), ByteUnit::GB)));
        }
        if (v.kind == Verdict::Kind::DoesNotFit) {
            QVERIFY(v.text.contains(formatBytesUi(double(f.worstBytes() - f.usableBytes), ByteUnit::GB) + QStringLiteral(" over")));
            // The smallest N for this stage, as core's planner finds it.
            const MinGpus m = minGpusForStage(s, stage);
            QVERIFY(m.minGpus);
            QVERIFY2(v.text.contains(QStringLiteral("smallest change that fits: ")), qPrintable(v.text));
            // In whole nodes (issue 13): the first multiple of GPUs per node at or past core's smallest N.
            const std::int64_t whole = ((*m.minGpus + s.gpusPerNode - 1) / s.gpusPerNode) * s.gpusPerNode;
            const QString label = gpusLabel(whole, s.gpusPerNode);
            QVERIFY2(v.text.contains(label), qPrintable(v.text));
            QVERIFY(fixesFor(r).contains(label));
        }
    }

    void verdictNamesTheFieldOfAnInvalidScenario()
    {
        Scenario s = defaultScenario();
        s.tp = 3; // Llama-2-70B has 64 attention heads (HF config): 3 does not divide them
        try {
            computeExplorer(s);
            QFAIL("TP 3 must be refused");
        } catch (const InvalidInput& e) {
            const Verdict v = invalidVerdict(QString::fromStdString(e.field()), QString::fromUtf8(e.what()));
            QCOMPARE(int(v.kind), int(Verdict::Kind::Invalid));
            QVERIFY2(v.text.contains(QStringLiteral("TP 3 does not divide the 64 attention heads")), qPrintable(v.text));
        }
    }

    void settingsRoundTripTheScenario()
    {
        Settings().clear();
        QVERIFY(!Settings().lastScenario());
        Scenario s = defaultScenario();
        s.gpus = 64;
        s.zeroStage = 1;
        s.pp = 4;
        s.recipe = resolveRecipe("megatron-bf16");
        s.checkpointing = Checkpointing::Selective;
        s.offloadOptimizer = OffloadDevice::Cpu;
        setBareParams(s, 13000000000);
        {
            Settings w;
            w.setLastScenario(s);
            w.sync();
        }
        const std::optional<Scenario> back = Settings().lastScenario();
        QVERIFY(back);
        QCOMPARE(QJsonDocument(scenarioToJson(*back)).toJson(), QJsonDocument(scenarioToJson(s)).toJson());
    }

    void settingsUnitsDefaultToGBAndSignal()
    {
        Settings().clear();
        Settings settings;
        QCOMPARE(settings.units(), ByteUnit::GB); // MODEL.md: GB (10^9) by default
        QSignalSpy spy(&settings, &Settings::unitsChanged);
        settings.setUnits(ByteUnit::GiB);
        QCOMPARE(spy.count(), 1);
        QCOMPARE(Settings().units(), ByteUnit::GiB);
        settings.clear();
    }

    void formulaNumbersInTheChosenLanguage()
    {
        // Seen in ru (issue 14: "numbers formatted per locale"): the breakdown's formulas are core's English words and C
        // numbers ("5% из 41.33 GB"). The words were translated; now the numbers are too: a point between digits is the
        // decimal sign, a comma before three digits the group separator. Other commas and points stay as they are.
        const auto restore = qScopeGuard([] { language::install(QStringLiteral("en")); });
        const QString formula = QStringLiteral("2 B/param x 68,976,648,192 params / 32 = 4.31 GB; min(8, 16) = 8. v2");
        QCOMPARE(translatedFormula(formula), formula); // English: core's text as it is
        QVERIFY(language::install(QStringLiteral("ru")));
        const QLocale ru(QStringLiteral("ru"));
        const QString t = translatedFormula(formula);
        QVERIFY2(t.contains(QStringLiteral("68") + ru.groupSeparator() + QStringLiteral("976") + ru.groupSeparator()
                            + QStringLiteral("648") + ru.groupSeparator() + QStringLiteral("192")),
                 qPrintable(t));
        QVERIFY2(t.contains(QStringLiteral("4,31 ГБ")), qPrintable(t));
        QVERIFY2(t.startsWith(QStringLiteral("2 Б/")), qPrintable(t)); // the byte symbol too (unitSymbolUi())
        QVERIFY2(t.contains(QStringLiteral("(8, 16) = 8.")), qPrintable(t)); // a list and a full stop are not numbers
        // Every formula of the default scenario's worst rank, as the Memory tab shows it: no C decimal left.
        BreakdownModel model;
        model.setFootprint(computeFootprint(defaultScenario()));
        static const QRegularExpression cDecimal(QStringLiteral("\\d\\.\\d"));
        for (int row = 0; row < model.rowCount(); ++row) {
            const QString shown = model.data(model.index(row, BreakdownModel::FormulaColumn)).toString();
            QVERIFY2(!cDecimal.match(shown).hasMatch(), qPrintable(shown));
        }
        QVERIFY(language::install(QStringLiteral("zh_CN"))); // Chinese writes C's signs
        QVERIFY2(translatedFormula(formula).contains(QStringLiteral("68,976,648,192")), qPrintable(translatedFormula(formula)));
    }

    void countRefusalsTranslated()
    {
        // A count typed in a field (the Peers tab's "largest layer params", the parameter count) that core refuses
        // (units.cpp's parseCount) reads in the window's language: each refusal is a template with the typed text as %1.
        QFile src(QStringLiteral(SHARDSCOPE_UNITS_CPP));
        QVERIFY(src.open(QIODevice::ReadOnly));
        const QString body = QString::fromUtf8(src.readAll());
        static const QRegularExpression call(QStringLiteral("fail\\(\"((?:[^\"\\\\]|\\\\.)*)\"\\)"));
        QStringList templates;
        for (auto it = call.globalMatch(body); it.hasNext();) {
            const QString t = it.next().captured(1);
            if (!templates.contains(t))
                templates << t;
        }
        QVERIFY2(templates.size() >= 8, qPrintable(templates.join(QLatin1Char('\n'))));
        const auto restore = qScopeGuard([] { language::install(QStringLiteral("en")); });
        for (const QString& lang : {QStringLiteral("ru"), QStringLiteral("zh_CN")}) {
            QVERIFY(language::install(lang));
            for (const QString& t : templates) {
                const QString tr = QCoreApplication::translate("shardscope::Validation", t.toUtf8().constData());
                QVERIFY2(tr != t && tr.contains(QStringLiteral("%1")), qPrintable(lang + QStringLiteral(": ") + t));
            }
        }
        // One refusal end to end: core's what() as the command line prints it, the window's text in Russian.
        try {
            parseCount("1,5B", "params");
            QFAIL("1,5B was accepted");
        } catch (const InvalidInput& e) {
            QCOMPARE(QString::fromUtf8(e.what()),
                     QStringLiteral("--params: '1,5B' has a comma that does not group thousands; write decimals with a dot (1.5B)"));
            QVERIFY(language::install(QStringLiteral("ru")));
            QCOMPARE(validationText(e),
                     QStringLiteral("«1,5B»: запятая здесь не разделяет тысячи; десятичную дробь пишите с точкой (1.5B)"));
        }
    }
};

QTEST_MAIN(TestExplorerModels)
#include "tst_explorermodels.moc"
