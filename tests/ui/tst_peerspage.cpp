// SPDX-License-Identifier: MIT
// The Peers tab (issue 10): PeersModel under QAbstractItemModelTester, its cells for the default scenario
// (DeepSpeed's ZeRO-3 figure hand-derived from stage3.py), ignored terms marked, the unit setting
// followed, and the page in the window: recomputed when shown and on scenario changes, a message (no
// crash) for a scenario without an answer.
#include "language.h"
#include "mainwindow.h"
#include "peersmodel.h"
#include "peerspage.h"

#include "shardscope/peers.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLineEdit>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTableView>
#include <QTest>
#include <QTranslator>

#include <algorithm>
#include <set>

using namespace shardscope;

namespace {

int columnOf(const PeersModel& m, PeerId id)
{
    for (int c = 1; c < m.columnCount(); ++c)
        if (m.peerAt(c)->id == id)
            return c;
    return -1;
}

bool hasCyrillic(const QString& s)
{
    return std::any_of(s.begin(), s.end(), [](QChar c) { return c.unicode() >= 0x0400 && c.unicode() <= 0x04FF; });
}
bool hasHan(const QString& s)
{
    return std::any_of(s.begin(), s.end(), [](QChar c) { return c.unicode() >= 0x4E00 && c.unicode() <= 0x9FFF; });
}
/// English prose in a template: a lowercase word of 3 letters or more ("2 B x P / N" and "2 Psi" have none).
bool hasWords(const QString& s)
{
    static const QRegularExpression word(QStringLiteral("\\b[a-z]{3,}\\b"));
    return word.match(s).hasMatch();
}

/// Scenarios that between them raise every reason the page can show (offload, TP x PP, CP, full and no
/// recompute, a non-Adam recipe, MoE, uneven nodes).
std::vector<std::pair<Scenario, PeerInputs>> reasonScenarios()
{
    std::vector<std::pair<Scenario, PeerInputs>> v;
    v.push_back({defaultScenario(), {}});
    Scenario s = defaultScenario();
    s.offloadOptimizer = OffloadDevice::Cpu;
    s.offloadParams = OffloadDevice::Cpu;
    PeerInputs noInit;
    noInit.zeroInit = false;
    noInit.bufferFactor = 2.25;
    v.push_back({s, noInit});
    s = defaultScenario();
    s.offloadOptimizer = OffloadDevice::Nvme;
    s.zeroStage = 2;
    v.push_back({s, {}});
    s = defaultScenario();
    s.gpus = 64;
    s.tp = 4;
    s.pp = 2;
    s.checkpointing = Checkpointing::Full;
    s.zeroStage = 1;
    v.push_back({s, {}});
    s = defaultScenario();
    s.gpus = 12;
    s.checkpointing = Checkpointing::None;
    s.zeroStage = 0;
    s.modelStatesOnly = true;
    v.push_back({s, {}});
    s = defaultScenario();
    s.cp = 2;
    s.checkpointing = Checkpointing::PerOp;
    v.push_back({s, {}});
    return v;
}

} // namespace

class TestPeersPage : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void modelUnderTester()
    {
        PeersModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 0);
        model.setPeers(computePeers(defaultScenario()));
        QCOMPARE(model.rowCount(), int(PeersModel::RowCount));
        QCOMPARE(model.columnCount(), kPeerCount + 1);
        model.setUnit(ByteUnit::GiB);
        Scenario s = defaultScenario();
        s.pp = 4;
        model.setPeers(computePeers(s));
        model.clear();
        QCOMPARE(model.rowCount(), 0);
    }

    void cells()
    {
        PeersModel model;
        model.setPeers(computePeers(defaultScenario()));
        // ShardScope first, then the peers in core's order.
        QCOMPARE(model.peerAt(1)->id, PeerId::ShardScope);
        QCOMPARE(model.headerData(1, Qt::Horizontal).toString(), QStringLiteral("ShardScope"));
        QCOMPARE(model.headerData(3, Qt::Horizontal).toString(), QStringLiteral("DeepSpeed\nZeRO-2 (legacy)"));
        const int z3 = columnOf(model, PeerId::DeepSpeedZero3);
        QVERIFY(z3 > 1);
        // Default scenario (Llama-2-70B, 32 GPUs, ZeRO-3, no offload), stage3.py: 4 x 262,144,000 (the
        // embedding, the largest module) + int(18 x 68,976,648,192 / 32) = 39,847,940,608 B.
        const QModelIndex total = model.index(PeersModel::TotalRow, z3);
        QCOMPARE(model.data(total, PeersModel::SortRole).toDouble(), 39847940608.0);
        QCOMPARE(model.data(total).toString(), QStringLiteral("39.8 GB"));
        model.setUnit(ByteUnit::GiB);
        QCOMPARE(model.data(total).toString(), QStringLiteral("37.1 GiB")); // 39,847,940,608 / 2^30 = 37.11
        QCOMPARE(model.headerData(0, Qt::Horizontal).toString(), QStringLiteral("Term (GiB)"));
        // Right-aligned numbers.
        QCOMPARE(model.data(total, Qt::TextAlignmentRole).value<Qt::Alignment>(), Qt::AlignRight | Qt::AlignVCenter);
        // DeepSpeed ignores activations: "ignored", not zero.
        const QModelIndex act = model.index(int(Term::Activations), z3);
        QCOMPARE(model.data(act).toString(), QStringLiteral("ignored"));
        QCOMPARE(model.data(act, PeersModel::StatusRole).toInt(), int(PeerTermStatus::Ignored));
        // accelerate counts params only inside its one figure.
        const int ac = columnOf(model, PeerId::Accelerate);
        QCOMPARE(model.data(model.index(int(Term::Params), ac)).toString(), QStringLiteral("in total"));
        // No host figure for Megatron.
        QCOMPARE(model.data(model.index(PeersModel::HostRow, columnOf(model, PeerId::Megatron))).toString(),
                 QStringLiteral("none"));
        // The printed line and, as tooltip, the whole printout.
        const QModelIndex printed = model.index(PeersModel::PrintedRow, z3);
        QVERIFY(model.data(printed).toString().contains(QStringLiteral("zero_init=1")));
        QVERIFY(model.data(printed, Qt::ToolTipRole).toString().startsWith(QStringLiteral("Estimated memory needed")));
        // One reason line per difference, named by its peer.
        QVERIFY(model.reasonLines().contains(QStringLiteral(
            "DeepSpeed ZeRO-3: DeepSpeed's ZeRO-3 estimate adds 4 B x the largest layer (262,144,000 params) for its "
            "gathered 16-bit weights and grads: 0.98 GiB")));
    }

    void pageInWindow()
    {
        MainWindow w(defaultScenario());
        w.setAttribute(Qt::WA_DontShowOnScreen);
        w.show();
        auto* page = w.findChild<PeersPage*>();
        QVERIFY(page);
        QCOMPARE(page->model()->rowCount(), 0); // not computed while hidden
        QVERIFY(w.showTab(QStringLiteral("peers")));
        QCOMPARE(page->model()->rowCount(), int(PeersModel::RowCount));
        QVERIFY(page->reasonsText().contains(QStringLiteral("Megatron-LM: Megatron prints MB meaning MiB")));
        // The printout panel: DeepSpeed ZeRO-2's table first; a click on Megatron's column shows its line.
        QVERIFY(page->printedText().contains(QStringLiteral("  per CPU  |  per GPU |   Options")));
        const int mt = columnOf(*page->model(), PeerId::Megatron);
        const QRect cell = page->table()->visualRect(page->model()->index(0, mt));
        QTest::mouseClick(page->table()->viewport(), Qt::LeftButton, {}, cell.center());
        QVERIFY(page->printedText().contains(QStringLiteral("Theoretical memory footprints: weight and optimizer=")));
        // A scenario change recomputes while visible.
        Scenario s = defaultScenario();
        s.gpus = 64;
        w.setScenario(s);
        const PeersModel* m = page->model();
        const int zp = columnOf(*m, PeerId::ZeroPaper);
        // ZeRO paper, stage 3: 16 x 68,976,648,192 / 64 = 17,244,162,048 B.
        QCOMPARE(m->data(m->index(PeersModel::TotalRow, zp), PeersModel::SortRole).toDouble(), 17244162048.0);
        // The unit setting reaches the page.
        w.setUnit(ByteUnit::GiB);
        QVERIFY(m->data(m->index(PeersModel::TotalRow, zp)).toString().endsWith(QStringLiteral("GiB")));
        // DeepSpeed's inputs: largest layer 1e6 params -> ZeRO-3 GPU = 4e6 + int(18 x 68,976,648,192 / 64).
        const int z3 = columnOf(*m, PeerId::DeepSpeedZero3);
        page->largestLayerEdit()->setText(QStringLiteral("1e6"));
        emit page->largestLayerEdit()->editingFinished();
        QCOMPARE(m->data(m->index(PeersModel::TotalRow, z3), PeersModel::SortRole).toDouble(), 4e6 + 19399682304.0);
        // zero_init off: the CPU side builds the whole fp32 model per process: P x 4 x 8 x 1.5.
        page->zeroInitBox()->setChecked(false);
        QCOMPARE(m->data(m->index(PeersModel::HostRow, z3), PeersModel::SortRole).toDouble(), 68976648192.0 * 48);
        page->bufferFactorBox()->setValue(1.0);
        QCOMPARE(m->data(m->index(PeersModel::HostRow, z3), PeersModel::SortRole).toDouble(), 68976648192.0 * 32);
        // A largest layer beyond the model: the message, not a crash.
        page->largestLayerEdit()->setText(QStringLiteral("1e15"));
        emit page->largestLayerEdit()->editingFinished();
        QVERIFY(page->errorText().contains(QStringLiteral("largest-layer-params")));
        page->largestLayerEdit()->setText(QString());
        emit page->largestLayerEdit()->editingFinished();
        QVERIFY(page->errorText().isEmpty());
        // A scenario without an answer: a message, no crash, no stale numbers.
        Scenario bad = defaultScenario();
        bad.gpus = 0;
        page->setScenario(bad);
        QVERIFY(!page->errorText().isEmpty());
        QCOMPARE(m->rowCount(), 0);
        QVERIFY(page->reasonsText().startsWith(QStringLiteral("No answer for this scenario")));
    }

    // Issue 14: every template core/src/peers.cpp builds a reason, a cell's formula, ShardScope's own line, a unit or
    // a refusal of DeepSpeed's inputs from is in peerTemplates(), and has a real Russian and Chinese translation that
    // keeps each of its figures (%1..%9); peerName() and peerSource() have translations too.
    void templatesTranslated()
    {
        QFile src(QStringLiteral(SHARDSCOPE_PEERS_CPP));
        QVERIFY(src.open(QIODevice::ReadOnly));
        const QString body = QString::fromUtf8(src.readAll());
        static const QRegularExpression literal(QStringLiteral("\"((?:[^\"\\\\]|\\\\.)*)\""));
        const auto joined = [](const QString& block) {
            QString t;
            for (auto it = literal.globalMatch(block); it.hasNext();)
                t += it.next().captured(1).replace(QStringLiteral("\\\""), QStringLiteral("\""));
            return t;
        };
        const QString lits = QStringLiteral("((?:\"(?:[^\"\\\\]|\\\\.)*\"\\s*)+)");
        struct Call
        {
            QString call; ///< every call of this kind in the file
            QString withTemplate; ///< the same call with its template (a string literal) captured
            int atLeast;
        };
        const Call calls[] = {
            {QStringLiteral("\\breason\\(e,"), QStringLiteral("\\breason\\(e,\\s*\"[^\"]*\",\\s*") + lits, 40},
            {QStringLiteral("\\b(?:setTerm|lumpTerm)\\(e,"), QStringLiteral("\\b(?:setTerm|lumpTerm)\\(e,[^\";]*?") + lits, 35},
            {QStringLiteral("\\be\\.unit = "), QStringLiteral("\\be\\.unit = ") + lits, 6},
            {QStringLiteral("\\be\\.rowText = text\\("), QStringLiteral("\\be\\.rowText = text\\(") + lits, 1},
            {QStringLiteral("throw InvalidInput\\(\"(?:largest-layer-params|buffer-factor)\""),
             QStringLiteral("throw InvalidInput\\(\"(?:largest-layer-params|buffer-factor)\",\\s*") + lits, 3},
        };
        QStringList inSource;
        for (const Call& c : calls) {
            const int all = int(body.count(QRegularExpression(c.call)));
            int found = 0;
            for (auto it = QRegularExpression(c.withTemplate).globalMatch(body); it.hasNext(); ++found) {
                const QString t = joined(it.next().captured(1));
                if (!inSource.contains(t))
                    inSource << t;
            }
            // A call whose text is not one literal would escape the check (and the translation).
            QVERIFY2(found == all, qPrintable(c.call + QStringLiteral(": %1 of %2 with a literal template").arg(found).arg(all)));
            QVERIFY2(found >= c.atLeast, qPrintable(c.call));
        }
        QStringList sources;
        for (PeerId p : allPeers()) {
            inSource << QString::fromUtf8(peerSource(p));
            sources << QString::fromUtf8(peerSource(p));
            if (hasWords(QString::fromUtf8(peerName(p)).remove(QStringLiteral("accelerate"))))
                inSource << QString::fromUtf8(peerName(p)); // "ZeRO paper", "... (legacy)"; the rest are names
        }
        QStringList table;
        for (const char* t : peerTemplates())
            table << QString::fromUtf8(t);
        for (const QString& t : inSource)
            QVERIFY2(table.contains(t), qPrintable(QStringLiteral("not in peerTemplates(): ") + t));
        for (const QString& t : table)
            QVERIFY2(inSource.contains(t), qPrintable(QStringLiteral("not in core/src/peers.cpp: ") + t));
        QCOMPARE(table.size(), inSource.size());

        for (const QString& lang : {QStringLiteral("ru"), QStringLiteral("zh_CN")}) {
            QTranslator tr;
            QVERIFY(tr.load(QStringLiteral(":/i18n/shardscope_%1.qm").arg(lang)));
            for (const QString& t : table) {
                const QString local = tr.translate("shardscope::Peers", t.toUtf8().constData());
                const QString what = lang + QStringLiteral(": ") + t + QStringLiteral(" -> ") + local;
                QVERIFY2(!local.isEmpty(), qPrintable(QStringLiteral("untranslated: ") + what));
                for (int k = 1; k <= 9; ++k) // every figure the English shows, the translation shows
                    QVERIFY2(local.contains(QStringLiteral("%%1").arg(k)) == t.contains(QStringLiteral("%%1").arg(k)), qPrintable(what));
                if (hasWords(t) && !sources.contains(t)) { // prose (file paths and function names stay as they are)
                    QVERIFY2(local != t, qPrintable(what));
                    QVERIFY2(lang == QLatin1String("ru") ? hasCyrillic(local) : hasHan(local), qPrintable(what));
                }
            }
        }
    }

    // In English the window's sentences are core's, byte for byte (the command line's): the figures filled in the C
    // locale as core prints them.
    void englishMatchesCore()
    {
        QVERIFY(language::install(QStringLiteral("en")));
        std::set<std::string> ids;
        for (const auto& [s, in] : reasonScenarios()) {
            PeersModel model;
            const std::vector<PeerEstimate> peers = computePeers(s, in);
            model.setPeers(peers);
            QStringList expected;
            for (int c = 1; c < model.columnCount(); ++c)
                for (const PeerReason& r : model.peerAt(c)->reasons) {
                    expected << QString::fromUtf8(peerName(model.peerAt(c)->id)) + QStringLiteral(": ") + QString::fromStdString(r.text);
                    QCOMPARE(fillPeerText(r.source), r.text);
                    ids.insert(r.id);
                }
            QCOMPARE(model.reasonLines(), expected);
            for (int c = 1; c < model.columnCount(); ++c) {
                const PeerEstimate& p = *model.peerAt(c);
                for (int t = 0; t < kTermCount; ++t)
                    if (!p.terms[std::size_t(t)].formula.empty())
                        QCOMPARE(model.data(model.index(t, c), Qt::ToolTipRole).toString(),
                                 QString::fromStdString(p.terms[std::size_t(t)].formula));
                QCOMPARE(model.data(model.index(PeersModel::PrintedRow, c)).toString(), QString::fromStdString(p.row));
            }
        }
        QVERIFY2(ids.size() >= 30, qPrintable(QString::number(ids.size()))); // the scenarios reach most reasons
    }

    // The page in Russian and Chinese: no English reason, figures in the language's own format (a decimal comma
    // and spaced thousands in Russian), the cells, tooltips and ShardScope's own line translated.
    void pageInRussianAndChinese()
    {
        QVERIFY(language::install(QStringLiteral("ru")));
        {
            MainWindow w(defaultScenario());
            w.setAttribute(Qt::WA_DontShowOnScreen);
            w.show();
            QVERIFY(w.showTab(QStringLiteral("peers")));
            auto* page = w.findChild<PeersPage*>();
            const PeersModel* m = page->model();
            const QStringList lines = page->reasonsText().split(QLatin1Char('\n'));
            QVERIFY(lines.size() >= 15);
            const std::vector<PeerEstimate> peers = computePeers(defaultScenario());
            for (const PeerEstimate& p : peers)
                for (const PeerReason& r : p.reasons)
                    QVERIFY2(!page->reasonsText().contains(QString::fromStdString(r.text)), r.text.c_str());
            for (const QString& l : lines)
                QVERIFY2(hasCyrillic(l), qPrintable(l));
            // stage3.py: 4 B x 262,144,000 (Llama-2-70B's embedding, its largest module) = 1,048,576,000 B = 0.98 GiB.
            // The model's line groups thousands with no-break spaces; the page's plain text shows them as spaces.
            const QString ds3 = QStringLiteral("DeepSpeed ZeRO-3: Оценка ZeRO-3 в DeepSpeed добавляет 4 Б x крупнейший слой "
                                               "(262\u00a0144\u00a0000 параметров) на собранные 16-битные веса и градиенты: 0,98 ГиБ");
            QVERIFY(m->reasonLines().contains(ds3));
            QVERIFY2(page->reasonsText().contains(QStringLiteral("\u2022 ") + QString(ds3).replace(QChar(0x00A0), QLatin1Char(' '))),
                     qPrintable(page->reasonsText()));
            // stage_1_and_2.py: 2 x 68,976,648,192 + int(18 x 68,976,648,192 / 32) = 176,752,660,992 B = 164.61 GiB.
            QVERIFY(page->reasonsText().contains(QStringLiteral("2 Б x P + 18 Б x P / N = 164,61 ГиБ: она добавляет")));
            // Cells, their tooltips, headers.
            const int z3 = columnOf(*m, PeerId::DeepSpeedZero3);
            QCOMPARE(m->data(m->index(int(Term::Activations), z3)).toString(), QStringLiteral("не учтено"));
            QCOMPARE(m->data(m->index(int(Term::Zero3GatheredParams), z3), Qt::ToolTipRole).toString(),
                     QStringLiteral("2 Б x крупнейший слой (262\u00a0144\u00a0000 параметров)"));
            QCOMPARE(m->data(m->index(PeersModel::TotalRow, z3), Qt::ToolTipRole).toString(), QStringLiteral("ГиБ, печатается как «GB»"));
            QCOMPARE(m->headerData(columnOf(*m, PeerId::ZeroPaper), Qt::Horizontal).toString(), QStringLiteral("Статья\nо ZeRO"));
            const int own = columnOf(*m, PeerId::ShardScope);
            QVERIFY(m->data(m->index(PeersModel::PrintedRow, own)).toString().contains(QStringLiteral("на худшем ранге")));
            QVERIFY(hasCyrillic(m->data(m->index(int(Term::Params), own), Qt::ToolTipRole).toString()));
            // DeepSpeed's printout stays a quotation.
            QVERIFY(m->data(m->index(PeersModel::PrintedRow, z3)).toString().contains(QStringLiteral("offload_param=none")));
            // A refusal of DeepSpeed's inputs, worded in Russian with Russian figures.
            page->largestLayerEdit()->setText(QStringLiteral("1e15"));
            emit page->largestLayerEdit()->editingFinished();
            QVERIFY2(page->reasonsText().contains(QStringLiteral("параметры крупнейшего слоя: 1 000 000 000 000 000 — больше, чем 68 976 648 192 параметров модели")),
                     qPrintable(page->reasonsText()));
            QVERIFY(page->errorText().startsWith(QStringLiteral("--largest-layer-params: "))); // core's English stays
        }
        QVERIFY(language::install(QStringLiteral("zh_CN")));
        {
            PeersModel m;
            m.setPeers(computePeers(defaultScenario()));
            for (const QString& l : m.reasonLines())
                QVERIFY2(hasHan(l), qPrintable(l));
            QVERIFY(m.reasonLines().contains(QStringLiteral(
                "DeepSpeed ZeRO-3：DeepSpeed 的 ZeRO-3 估算为收集起来的 16 位权重和梯度加上 4 B x 最大层（262,144,000 个参数）：0.98 GiB")));
        }
        QVERIFY(language::install(QStringLiteral("en")));
    }
};

QTEST_MAIN(TestPeersPage)
#include "tst_peerspage.moc"
