// SPDX-License-Identifier: MIT
// The replay of the recorded ring messages in "Run it for real" (TrainReplayView): each rank's bytes
// shown equal the messages the trainer recorded and core's ring formulas (ringAllReduceWireBytes,
// ringGatherScatterWireBytes: MODEL.md section 5, (n-1)/n x M per reduce-scatter or all-gather of an
// M-byte buffer, 2(n-1)/n x M per all-reduce); stepping and playing move through the messages in the
// order they were recorded.
#include "traindemopanel.h"
#include "trainreplaycanvas.h"
#include "trainreplayview.h"

#include "shardscope/collectives.h"

#include <QSignalSpy>
#include <QTest>

#include <numeric>

using namespace shardscope;
using namespace shardscope::train;

namespace {

/// 12 -> 17 -> 13 -> 5: 525 params, not a multiple of 2, 4 or 8 (padded ZeRO buffers, uneven DDP chunks).
TrainConfig tiny(Strategy s, int ranks, int steps = 3)
{
    TrainConfig c;
    c.mlp.inputs = 12;
    c.mlp.hidden = {17, 13};
    c.mlp.outputs = 5;
    c.strategy = s;
    c.ranks = ranks;
    c.steps = steps;
    return c;
}

/// Runs `c` in the panel (worker thread) and waits for it.
bool runInPanel(TrainDemoPanel& panel, const TrainConfig& c)
{
    QSignalSpy done(&panel, &TrainDemoPanel::finished);
    panel.start(c);
    return done.count() == 1 || done.wait(60000);
}

/// The tensor messages rank r recorded in optimizer step s, in recorded order.
std::vector<Message> recorded(const RankResult& r, int s)
{
    std::vector<Message> v;
    for (const Message& m : r.messages)
        if (m.iteration == s && m.op != "scalars")
            v.push_back(m);
    return v;
}

std::int64_t sum(const std::vector<std::int64_t>& v) { return std::accumulate(v.begin(), v.end(), std::int64_t(0)); }

} // namespace

class TestTrainReplay : public QObject
{
    Q_OBJECT
private slots:
    void totalsEqualRecordedMessagesAndRingFormula_data()
    {
        QTest::addColumn<int>("strategy");
        QTest::addColumn<int>("ranks");
        for (Strategy s : {Strategy::Ddp, Strategy::Zero1, Strategy::Zero2, Strategy::Zero3, Strategy::NaiveZero})
            for (int n : {2, 3, 4, 8})
                QTest::addRow("%s-N%d", strategyKey(s), n) << int(s) << n;
    }
    void totalsEqualRecordedMessagesAndRingFormula()
    {
        QFETCH(int, strategy);
        QFETCH(int, ranks);
        const TrainConfig c = tiny(Strategy(strategy), ranks);
        TrainDemoPanel panel;
        QVERIFY(runInPanel(panel, c));
        TrainReplayView* view = panel.replayView();
        QCOMPARE(view->stepCount(), c.steps);
        // The same run again, here: the trainer is deterministic, so its records are the panel's.
        const std::vector<RankResult> res = trainInProcess(c);

        // Core's ring formulas for the step's buffers (the trainer's plan, docs/trainer.md).
        const double P = 525 * 4.0, Ppad = double(paddedLength(c)) * 4.0;
        double perRank = 0, allRanks = 0;
        bool even = false; // every buffer in n equal chunks: each rank sends exactly the formula
        switch (c.strategy) {
        case Strategy::Ddp: allRanks = ranks * ringAllReduceWireBytes(P, ranks); break;
        case Strategy::Zero1:
        case Strategy::Zero2: perRank = 2 * ringGatherScatterWireBytes(Ppad, ranks); even = true; break;
        case Strategy::NaiveZero:
            perRank = ringAllReduceWireBytes(Ppad, ranks) + ringGatherScatterWireBytes(Ppad, ranks);
            even = true;
            break;
        case Strategy::Zero3: allRanks = ranks * 3 * ringGatherScatterWireBytes(P, ranks); break; // per layer: 2 AG + RS
        case Strategy::Single: break;
        }
        if (even)
            allRanks = ranks * perRank;

        std::vector<std::int64_t> overSteps(static_cast<std::size_t>(ranks), 0);
        for (int s = 0; s < c.steps; ++s) {
            view->setStep(s);
            QCOMPARE(view->step(), s);
            const std::vector<std::int64_t> total = view->shownStepTotal();
            QCOMPARE(int(total.size()), ranks);
            for (int r = 0; r < ranks; ++r) {
                std::int64_t bytes = 0;
                for (const Message& m : recorded(res[static_cast<std::size_t>(r)], s))
                    bytes += m.bytes;
                QCOMPARE(total[static_cast<std::size_t>(r)], bytes); // the recorded messages
                if (even)
                    QCOMPARE(double(total[static_cast<std::size_t>(r)]), perRank); // core's formula, per rank
                overSteps[static_cast<std::size_t>(r)] += bytes;
            }
            QCOMPARE(double(sum(total)), allRanks); // core's formula over all ranks
            QCOMPARE(view->shownPredicted(), total); // the chunk-bound prediction, to the byte
            view->last();
            QCOMPARE(view->shownSentSoFar(), total); // the running total ends at the step's total
        }
        for (int r = 0; r < ranks; ++r)
            QCOMPARE(overSteps[static_cast<std::size_t>(r)], res[static_cast<std::size_t>(r)].wireBytesSent);
        QVERIFY2(view->formulaText().contains(QStringLiteral("equals its prediction")), qPrintable(view->formulaText()));
    }

    void steppingMovesThroughMessagesInOrder()
    {
        const TrainConfig c = tiny(Strategy::Zero1, 4);
        TrainDemoPanel panel;
        QVERIFY(runInPanel(panel, c));
        const std::vector<RankResult> res = trainInProcess(c);
        TrainReplayView* view = panel.replayView();
        view->setStep(1);
        QCOMPARE(view->hop(), 0);
        // ZeRO-1: a reduce-scatter of the grads then an all-gather of the params, n-1 = 3 hops each.
        QCOMPARE(view->hopCount(), 6);
        std::vector<std::vector<Message>> seen(4);
        std::vector<std::int64_t> soFar(4, 0);
        for (int h = 0; h < view->hopCount(); ++h) {
            QCOMPARE(view->hop(), h);
            const ReplayHop* hop = view->currentHop();
            QVERIFY(hop);
            QCOMPARE(hop->ringStep, h % 3);
            const bool scatter = h < 3;
            QCOMPARE(hop->phase, scatter ? RingPhase::ReduceScatter : RingPhase::AllGather);
            QVERIFY2(view->phaseText().contains(scatter ? QStringLiteral("reduce-scatter") : QStringLiteral("all-gather")),
                     qPrintable(view->phaseText()));
            QVERIFY2(view->phaseText().contains(QStringLiteral("ring step %1 of 3").arg(h % 3 + 1)), qPrintable(view->phaseText()));
            QCOMPARE(int(hop->messages.size()), 4); // every rank sends one message per ring hop
            const std::vector<std::int64_t> hopBytes = view->shownHopBytes();
            for (const Message& m : hop->messages) {
                QCOMPARE(m.to, (m.from + 1) % 4);
                QCOMPARE(hopBytes[static_cast<std::size_t>(m.from)], m.bytes);
                seen[static_cast<std::size_t>(m.from)].push_back(m);
                soFar[static_cast<std::size_t>(m.from)] += m.bytes;
            }
            QCOMPARE(view->shownSentSoFar(), soFar);
            view->next();
        }
        QCOMPARE(view->hop(), view->hopCount() - 1); // forward stops at the last hop
        for (int r = 0; r < 4; ++r) {
            const std::vector<Message> want = recorded(res[static_cast<std::size_t>(r)], 1);
            QCOMPARE(seen[static_cast<std::size_t>(r)].size(), want.size());
            // The rank's messages, in the order it sent them. (Collective numbers differ: the panel's run
            // also exchanges the cancel flag each step, unrecorded, which takes a number.)
            for (std::size_t i = 0; i < want.size(); ++i) {
                QCOMPARE(seen[static_cast<std::size_t>(r)][i].op, want[i].op);
                QCOMPARE(seen[static_cast<std::size_t>(r)][i].to, want[i].to);
                QCOMPARE(seen[static_cast<std::size_t>(r)][i].step, want[i].step);
                QCOMPARE(seen[static_cast<std::size_t>(r)][i].offsetBytes, want[i].offsetBytes);
                QCOMPARE(seen[static_cast<std::size_t>(r)][i].bytes, want[i].bytes);
            }
        }
        // Back moves one hop back, and the running totals with it.
        view->previous();
        QCOMPARE(view->hop(), 4);
        const std::vector<std::int64_t> before = view->shownSentSoFar();
        view->next();
        const std::vector<std::int64_t> hopBytes = view->shownHopBytes();
        for (int r = 0; r < 4; ++r)
            QCOMPARE(view->shownSentSoFar()[static_cast<std::size_t>(r)], before[static_cast<std::size_t>(r)] + hopBytes[static_cast<std::size_t>(r)]);
        view->first();
        QCOMPARE(view->hop(), 0);
        view->previous();
        QCOMPARE(view->hop(), 0);
        // The chunk each message carries is the one Communicator's ring sends at that step:
        // reduce-scatter step k sends chunk r-k-1, so hop 0's messages carry their sender's left chunk.
        for (const Message& m : view->currentHop()->messages)
            QCOMPARE(TrainReplayCanvas::chunkOf(*view->currentHop(), m, 4), (m.from + 3) % 4);
    }

    void playRunsThroughEveryHopInOrder()
    {
        TrainDemoPanel panel;
        QVERIFY(runInPanel(panel, tiny(Strategy::Zero3, 3, 2)));
        TrainReplayView* view = panel.replayView();
        view->setHopDuration(1);
        view->setStep(1);
        const int count = view->hopCount();
        // ZeRO-3, 3 layers: 3 all-gathers in forward, then per layer an all-gather and a reduce-scatter:
        // 9 collectives of n-1 = 2 ring steps. Every ring step sends each chunk at most once and every layer
        // has a non-empty chunk, so no hop is empty (the last layer lies in rank 2's shard alone: its hops
        // carry one message).
        QCOMPARE(count, 18);
        QSignalSpy hops(view, &TrainReplayView::hopChanged);
        view->play();
        QVERIFY(view->playing());
        QTRY_VERIFY_WITH_TIMEOUT(!view->playing(), 20000);
        QCOMPARE(view->hop(), count - 1);
        QCOMPARE(hops.count(), count - 1);
        for (int i = 0; i < hops.count(); ++i)
            QCOMPARE(hops.at(i).at(0).toInt(), i + 1);
        // Pausing stops where it is.
        view->play(); // from the end: starts again at hop 0
        QCOMPARE(view->hop(), 0);
        view->pause();
        QVERIFY(!view->playing());
    }

    void oneRankSaysThereIsNothingToReplay()
    {
        TrainDemoPanel panel;
        QVERIFY(runInPanel(panel, tiny(Strategy::Ddp, 1, 2)));
        TrainReplayView* view = panel.replayView();
        QCOMPARE(view->stepCount(), 2);
        QCOMPARE(view->hopCount(), 0);
        QVERIFY(!view->currentHop());
        QVERIFY2(view->phaseText().contains(QStringLiteral("2 ranks or more")), qPrintable(view->phaseText()));
        view->next(); // nothing to step through: no crash
        view->play();
        QVERIFY(!view->playing());
    }
};

QTEST_MAIN(TestTrainReplay)
#include "tst_trainreplay.moc"
