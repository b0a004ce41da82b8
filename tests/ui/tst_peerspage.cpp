// SPDX-License-Identifier: MIT
// The Peers tab (issue 10): PeersModel under QAbstractItemModelTester, its cells for the default scenario
// (DeepSpeed's ZeRO-3 figure hand-derived from stage3.py), ignored terms marked, the unit setting
// followed, and the page in the window: recomputed when shown and on scenario changes, a message (no
// crash) for a scenario without an answer.
#include "mainwindow.h"
#include "peersmodel.h"
#include "peerspage.h"

#include "shardscope/peers.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QStandardPaths>
#include <QTableView>
#include <QTest>

using namespace shardscope;

namespace {

int columnOf(const PeersModel& m, PeerId id)
{
    for (int c = 1; c < m.columnCount(); ++c)
        if (m.peerAt(c)->id == id)
            return c;
    return -1;
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
};

QTEST_MAIN(TestPeersPage)
#include "tst_peerspage.moc"
