// SPDX-License-Identifier: MIT
#include "tourcheck.h"

#include "tourfacts.h"

#include "shardscope/errors.h"

#include <QCoreApplication>
#include <QLocale>
#include <QMap>
#include <QRegularExpression>

#include <cmath>

namespace shardscope {

QStringList captionLiterals(const QString& caption)
{
    QString text = caption;
    static const QRegularExpression placeholder(QStringLiteral("\\{[a-z_0-9]+(:[0-9])?\\}"));
    text.remove(placeholder);
    text.remove(QStringLiteral("1F1B"));
    text.remove(QStringLiteral("3D"));
    // A number not glued to a preceding Latin letter, dash, underscore or dot (A100, fp32, ZeRO-3, Llama-2).
    static const QRegularExpression number(QStringLiteral("(?<![A-Za-z_\\-.\\d])(\\d+(?:[.,]\\d+)?)"));
    QStringList out;
    for (auto it = number.globalMatch(text); it.hasNext();) {
        const QString n = it.next().captured(1);
        if (n.size() == 1)
            continue; // single digits: counts and words ("4 categories", "2x")
        out << n;
    }
    return out;
}

bool captionSaysDoesNotFit(const QString& caption, const QString& language)
{
    // docs/tours.md lists these words; a lecturer's own tour uses one of them (or a {fits} placeholder does not help:
    // the sentence must say it).
    static const QMap<QString, QStringList> words = {
        {QStringLiteral("en"),
         {QStringLiteral("does not fit"), QStringLiteral("doesn't fit"), QStringLiteral("do not fit"), QStringLiteral("don't fit"),
          QStringLiteral("would not fit"), QStringLiteral("no number of GPUs is enough")}},
        {QStringLiteral("ru"),
         {QStringLiteral("не помещается"), QStringLiteral("не помещаются"), QStringLiteral("не поместится"), QStringLiteral("не поместятся"),
          QStringLiteral("не влезает"), QStringLiteral("не хватит"), QStringLiteral("не хватает")}},
        {QStringLiteral("zh_CN"), {QStringLiteral("放不下"), QStringLiteral("装不下"), QStringLiteral("都不够")}},
    };
    for (const QString& w : words.value(language))
        if (caption.contains(w, Qt::CaseInsensitive))
            return true;
    return false;
}

QStringList checkTourFits(const Tour& tour)
{
    QStringList problems;
    for (int i = 0; i < tour.steps.size(); ++i) {
        const TourStep& step = tour.steps[i];
        const QString where = QCoreApplication::translate("shardscope::Tour", "%1: line %2: step %3: ").arg(tour.origin).arg(step.line).arg(i + 1);
        TourFacts facts(step.scenario);
        // A tour teaches on scenarios that fit, or says plainly that they do not (issue 27: a tour quoted DDP's step time
        // and MFU on a setup that needs 129 GB of an 85.9 GB GPU). A step on the "train" tab runs the mini trainer,
        // not the scenario.
        if (!step.train) {
            bool fits = true;
            try {
                fits = facts.value(QStringLiteral("fits")) != 0;
            } catch (const std::exception&) {
            }
            for (auto it = step.caption.byLanguage.cbegin(); it != step.caption.byLanguage.cend(); ++it) {
                const bool says = captionSaysDoesNotFit(it.value(), it.key());
                if (!fits && !says)
                    problems << where
                            + QCoreApplication::translate("shardscope::Tour", "the scenario does not fit (%1 GB of %2 GB per GPU) and caption.%3 does not say so")
                                  .arg(TourFacts::format(facts.value(QStringLiteral("total_gb")), QLocale::c()),
                                       TourFacts::format(facts.value(QStringLiteral("capacity_gb")), QLocale::c()), it.key());
                if (fits && says)
                    problems << where
                            + QCoreApplication::translate("shardscope::Tour", "caption.%1 says the scenario does not fit, but it fits (%2 GB of %3 GB per GPU)")
                                  .arg(it.key(), TourFacts::format(facts.value(QStringLiteral("total_gb")), QLocale::c()),
                                       TourFacts::format(facts.value(QStringLiteral("capacity_gb")), QLocale::c()));
            }
        }
    }
    return problems;
}

QStringList checkTour(const Tour& tour)
{
    QStringList problems;
    QList<double> known; // per step, cleared below: one allocation for the whole tour
    for (int i = 0; i < tour.steps.size(); ++i) {
        const TourStep& step = tour.steps[i];
        const QString where = QCoreApplication::translate("shardscope::Tour", "%1: line %2: step %3: ").arg(tour.origin).arg(step.line).arg(i + 1);
        TourFacts facts(step.scenario);
        facts.setTrain(step.train);
        for (auto it = step.caption.byLanguage.cbegin(); it != step.caption.byLanguage.cend(); ++it) {
            try {
                facts.render(it.value(), QLocale(it.key()));
                // A quantity core cannot give a finite value for here shows as "?" in the caption: not a number from core.
                for (const QString& name : TourFacts::placeholders(it.value()))
                    if (!std::isfinite(facts.value(name)))
                        problems << where + QCoreApplication::translate("shardscope::Tour", "caption.%1: {%2} has no finite value in this step's scenario").arg(it.key(), name);
            } catch (const std::exception& e) {
                problems << where + QCoreApplication::translate("shardscope::Tour", "caption.%1: %2").arg(it.key(), QString::fromUtf8(e.what()));
            }
        }
        for (const TourClaim& c : step.claims) {
            double core = 0;
            try {
                core = facts.value(c.quantity);
            } catch (const std::exception& e) {
                problems << where + QString::fromUtf8(e.what());
                continue;
            }
            const double rel = std::abs(core - c.says) / std::max(std::abs(c.says), 1e-12);
            if (c.holds && rel > 0.005)
                problems << QCoreApplication::translate("shardscope::Tour", "%1: line %2: step %3: %4 says %5 = %6 and the claim is marked true, but core gives %7")
                                .arg(tour.origin).arg(c.line).arg(i + 1).arg(c.source, c.quantity).arg(c.says).arg(core);
            if (!c.holds && rel <= 0.05)
                problems << QCoreApplication::translate("shardscope::Tour", "%1: line %2: step %3: %4 says %5 = %6 and the claim is marked false, but core agrees (%7)")
                                .arg(tour.origin).arg(c.line).arg(i + 1).arg(c.source, c.quantity).arg(c.says).arg(core);
        }
        // Every literal number must be something core says about this step, or a claim's number.
        known.clear();
        for (const QString& name : tourQuantityNames()) {
            try {
                known << facts.value(name);
            } catch (const std::exception&) {
            }
        }
        for (const TourClaim& c : step.claims)
            known << c.says;
        for (auto it = step.caption.byLanguage.cbegin(); it != step.caption.byLanguage.cend(); ++it) {
            for (const QString& lit : captionLiterals(it.value())) {
                QString normal = lit;
                normal.replace(QLatin1Char(','), QLatin1Char('.'));
                const double v = normal.toDouble();
                const qsizetype dot = normal.indexOf(QLatin1Char('.'));
                const int decimals = dot < 0 ? 0 : int(normal.size() - dot - 1);
                const double tol = 0.5 * std::pow(10.0, -decimals) + 1e-9;
                bool ok = false;
                for (double k : known)
                    ok = ok || std::abs(k - v) <= tol;
                if (!ok)
                    problems << where
                            + QCoreApplication::translate("shardscope::Tour", "caption.%1 states %2, which is neither a quantity of this step's scenario "
                                             "nor a claim's number (use a {quantity} placeholder)")
                                  .arg(it.key(), lit);
            }
        }
    }
    return problems;
}

} // namespace shardscope
