// SPDX-License-Identifier: MIT
// `plan` searches expert parallelism for a MoE model (issue 25): by default, each layout's JSON carries `ep` and
// `expert_tp`, every EP divides the 8 experts of Mixtral-8x7B (Hugging Face mistralai/Mixtral-8x7B-v0.1 config.json:
// num_local_experts 8) and EP x expert TP divides a stage's GPUs; `--search ep` alone keeps the other knobs; a dense
// model's layouts keep EP 1.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <set>

#include "runshardscope.h"

namespace {

QStringList args(std::initializer_list<const char*> a)
{
    QStringList l;
    for (const char* s : a)
        l << QString::fromLatin1(s);
    return l;
}

QJsonArray layouts(const Run& r) { return QJsonDocument::fromJson(r.out).object().value(QLatin1String("layouts")).toArray(); }

} // namespace

class TestPlanMoeCli : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void mixtralSearchesEpByDefault()
    {
        const Run r = shardscope(args({"plan", "--model", "mixtral-8x7b", "--gpus", "64", "--gpu", "h100-80gb",
                                       "--global-batch", "256", "--top", "50", "--format", "json"}));
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonArray ls = layouts(r);
        QVERIFY(!ls.isEmpty());
        std::set<qint64> eps;
        for (const auto& v : ls) {
            const QJsonObject l = v.toObject();
            QVERIFY(l.contains(QLatin1String("ep")) && l.contains(QLatin1String("expert_tp")));
            const qint64 ep = l.value(QLatin1String("ep")).toInteger();
            const qint64 etp = l.value(QLatin1String("expert_tp")).toInteger();
            const qint64 stage = 64 / l.value(QLatin1String("pp")).toInteger();
            QCOMPARE(8 % ep, qint64(0));
            QCOMPARE(stage % (ep * etp), qint64(0));
            eps.insert(ep);
        }
        QVERIFY2(eps.size() > 1, "the top 50 hold more than one EP");
    }

    void searchEpAloneKeepsTheOtherKnobs()
    {
        const Run r = shardscope(args({"plan", "--model", "mixtral-8x7b", "--gpus", "16", "--gpu", "h100-80gb", "--tp",
                                       "2", "--stage", "3", "--global-batch", "8", "--search", "ep", "--top", "100",
                                       "--format", "json"}));
        QVERIFY2(r.exitCode == 0, r.err.constData());
        std::set<std::pair<qint64, qint64>> folds;
        for (const auto& v : layouts(r)) {
            const QJsonObject l = v.toObject();
            QCOMPARE(l.value(QLatin1String("tp")).toInteger(), qint64(2));
            QCOMPARE(l.value(QLatin1String("stage")).toInteger(), qint64(3));
            folds.insert({l.value(QLatin1String("ep")).toInteger(), l.value(QLatin1String("expert_tp")).toInteger()});
        }
        // EP 1, 2, 4, 8 each with expert TP 1 and 2 (= TP): 8 x 2 = 16 divides the 16 GPUs.
        QCOMPARE(folds, (std::set<std::pair<qint64, qint64>> {{1, 1}, {1, 2}, {2, 1}, {2, 2}, {4, 1}, {4, 2}, {8, 1}, {8, 2}}));
    }

    void denseModelKeepsEpOne()
    {
        const Run r = shardscope(args({"plan", "--model", "llama-2-7b", "--gpus", "8", "--global-batch", "16", "--search",
                                       "all", "--top", "20", "--format", "json"}));
        QVERIFY2(r.exitCode == 0, r.err.constData());
        for (const auto& v : layouts(r))
            QCOMPARE(v.toObject().value(QLatin1String("ep")).toInteger(), qint64(1));
    }

    void unknownKnobNamesEp()
    {
        const Run r = shardscope(args({"plan", "--model", "mixtral-8x7b", "--search", "experts", "--format", "json"}));
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("--search") && r.err.contains("ep)"), r.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestPlanMoeCli)
#include "tst_planmoecli.moc"
