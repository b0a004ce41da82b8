// SPDX-License-Identifier: MIT
// One rule for the byte units the window writes (unitSymbolUi()): in Russian the toolbar said "ГБ" while the charts,
// tables, tooltips and formulas said "GB"; in Chinese the recipe line said "16 字节/参数" beside the formulas' "2 B/参数".
// Russian writes the Cyrillic symbols (ГБ, ГиБ, МБ, Б; ГОСТ 8.417), Chinese and English the Latin ones. Here the
// window is drawn in each language, tab by tab, and every text it shows is read: chart titles, axis titles and labels,
// legends, capacity labels, table cells, headers and tooltips, labels, buttons, list entries, the step views' painted
// text and the verdict.
#include "comparewidget.h"
#include "explorer.h"
#include "language.h"
#include "mainwindow.h"
#include "memorypage.h"
#include "planpage.h"
#include "stepgpuview.h"
#include "steptimeline.h"
#include "steptpview.h"
#include "stepview.h"

#include "shardscope/recipe.h"
#include "shardscope/scenario.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QGraphicsView>
#include <QHeaderView>
#include <QLabel>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QTabBar>
#include <QTabWidget>
#include <QTableWidget>
#include <QTest>

using namespace shardscope;

namespace {

constexpr int kWaitMs = 120000;

void add(QStringList& out, const QString& text)
{
    if (!text.trimmed().isEmpty())
        out << text;
}

/// Every text the window holds under `root` now, with where it was found.
QStringList windowTexts(QWidget* root)
{
    QStringList out;
    const QList<QWidget*> widgets = root->findChildren<QWidget*>();
    for (QWidget* w : widgets) {
        const QString where = QLatin1String(w->metaObject()->className()) + QLatin1Char(' ') + w->objectName() + QStringLiteral(": ");
        QStringList texts;
        add(texts, w->toolTip());
        if (auto* l = qobject_cast<QLabel*>(w))
            add(texts, l->text());
        if (auto* b = qobject_cast<QAbstractButton*>(w))
            add(texts, b->text());
        if (auto* c = qobject_cast<QComboBox*>(w))
            for (int i = 0; i < c->count(); ++i) {
                add(texts, c->itemText(i));
                add(texts, c->itemData(i, Qt::ToolTipRole).toString());
            }
        if (auto* t = qobject_cast<QTabBar*>(w))
            for (int i = 0; i < t->count(); ++i)
                add(texts, t->tabText(i));
        if (auto* v = qobject_cast<QAbstractItemView*>(w); v && v->model() && !qobject_cast<QHeaderView*>(w)) {
            const QAbstractItemModel* m = v->model();
            for (int c = 0; c < m->columnCount(); ++c) {
                add(texts, m->headerData(c, Qt::Horizontal, Qt::DisplayRole).toString());
                add(texts, m->headerData(c, Qt::Horizontal, Qt::ToolTipRole).toString());
            }
            // The Peers table's last row quotes each peer's printout as the peer prints it ("total=511110.85 MB").
            const QString printout = QCoreApplication::translate("shardscope::PeersModel", "The peer prints");
            for (int r = 0; r < m->rowCount(); ++r)
                for (int c = 0; c < m->columnCount(); ++c) {
                    if (m->index(r, 0).data().toString() == printout && v->objectName() == QLatin1String("peersTable"))
                        break;
                    add(texts, m->index(r, c).data(Qt::DisplayRole).toString());
                    add(texts, m->index(r, c).data(Qt::ToolTipRole).toString());
                }
        }
        if (auto* g = qobject_cast<QGraphicsView*>(w); g && g->scene())
            for (QGraphicsItem* item : g->scene()->items()) {
                if (auto* t = dynamic_cast<QGraphicsTextItem*>(item))
                    add(texts, t->toPlainText());
                else if (auto* s = dynamic_cast<QGraphicsSimpleTextItem*>(item))
                    add(texts, s->text());
            }
        QList<stepui::DrawnLabel> painted;
        if (auto* s = qobject_cast<StepGpuView*>(w))
            painted = s->labels();
        else if (auto* s = qobject_cast<StepTimeline*>(w))
            painted = s->labels();
        else if (auto* s = qobject_cast<StepTpView*>(w))
            painted = s->labels();
        for (const stepui::DrawnLabel& l : painted)
            add(texts, l.text);
        for (const QString& t : texts)
            out << where + t;
    }
    for (QAction* a : root->findChildren<QAction*>()) {
        add(out, a->text());
        add(out, a->toolTip());
    }
    return out;
}

/// `text` without its quotations («GB», “MB”, "GB"): a peer's own printout is quoted as it prints it.
QString unquoted(QString text)
{
    static const QRegularExpression quoted(QStringLiteral("«[^»]*»|“[^”]*”|\"[^\"]*\""));
    return text.remove(quoted);
}

// A byte unit after a number or on its own ("(GB)", "GB/s"), not inside a product name ("A100 80GB") or a word.
const QRegularExpression kLatin(QStringLiteral("(?<![\\w/])(kB|KB|MB|GB|TB|MiB|GiB)(?!\\w)|(?<=\\d )B(?=[\\s/).,;:]|$)"),
                                QRegularExpression::UseUnicodePropertiesOption);
const QRegularExpression kCyrillic(QStringLiteral("(?<!\\w)(кБ|МБ|ГБ|ТБ|МиБ|ГиБ)(?!\\w)|(?<=\\d )Б(?=[\\s/).,;:]|$)"),
                                   QRegularExpression::UseUnicodePropertiesOption);

int matches(const QRegularExpression& re, const QString& text)
{
    int n = 0;
    for (QRegularExpressionMatchIterator it = re.globalMatch(text); it.hasNext(); it.next())
        ++n;
    return n;
}

struct UnitCount
{
    int latin = 0, cyrillic = 0;
    QStringList wrong; // texts with a unit of the other script
};

UnitCount countUnits(const QStringList& texts, bool cyrillicWanted)
{
    UnitCount n;
    for (const QString& t : texts) {
        const QString u = unquoted(t);
        const int latin = matches(kLatin, u);
        const int cyrillic = matches(kCyrillic, u);
        n.latin += latin;
        n.cyrillic += cyrillic;
        if (cyrillicWanted ? latin > 0 : cyrillic > 0)
            n.wrong << t;
    }
    return n;
}

Scenario llama70bOn8()
{
    Scenario s = defaultScenario();
    s.gpus = 8;
    return s;
}

} // namespace

class TestWindowUnits : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        // The matcher itself (hand-made texts): a unit after a number, in brackets or before "/s" counts; a product
        // name, the scenario "B" of the Compare tab and a quoted printout do not.
        QCOMPARE(countUnits({QStringLiteral("44,5 GB из 85,9 GB (A100 80GB SXM)"), QStringLiteral("Память (GiB)"),
                             QStringLiteral("2 B/параметр"), QStringLiteral("B - A (ГБ)"), QStringLiteral("подписывая их «GB»"),
                             QStringLiteral("300 GB/s"), QStringLiteral("16 B)")},
                            true).latin,
                 6);
        QCOMPARE(countUnits({QStringLiteral("44,5 ГБ из 85,9 ГБ (A100 80GB SXM)"), QStringLiteral("Память (ГиБ)"),
                             QStringLiteral("2 Б/параметр"), QStringLiteral("B - A (ГБ)"), QStringLiteral("300 ГБ/с")},
                            true)
                     .cyrillic,
                 6);
    }

    void oneUnitScriptPerLanguage_data()
    {
        QTest::addColumn<QString>("lang");
        QTest::addColumn<bool>("cyrillic");
        QTest::newRow("ru") << QStringLiteral("ru") << true;
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN") << false;
        QTest::newRow("en") << QStringLiteral("en") << false;
    }
    void oneUnitScriptPerLanguage()
    {
        QFETCH(QString, lang);
        QFETCH(bool, cyrillic);
        const auto restore = qScopeGuard([] { language::install(QStringLiteral("en")); });
        QVERIFY(language::install(lang));
        // 70B on 8 A100s does not fit with ZeRO-3: the verdict names sizes and a fix; the Plan tab has layouts.
        MainWindow w(llama70bOn8());
        w.resize(1600, 1000);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QStringList texts;
        const auto look = [&](const QString& tab) {
            QVERIFY(w.showTab(tab));
            for (int i = 0; i < 4; ++i)
                QApplication::processEvents();
            w.grab(); // paints the step views, which log the text they draw
            texts << windowTexts(&w);
        };
        look(QStringLiteral("memory"));
        QVERIFY2(!w.memoryPage()->findChildren<QLabel*>().isEmpty(), "the Memory tab has its verdict");
        w.pinCurrentAsA();
        Scenario b = llama70bOn8();
        b.gpus = 32;
        w.setScenario(b);
        look(QStringLiteral("compare"));
        QVERIFY(w.showTab(QStringLiteral("plan")));
        QTRY_VERIFY_WITH_TIMEOUT(w.planPage()->isCurrent() && !w.planPage()->isSearching(), kWaitMs);
        look(QStringLiteral("plan"));
        QVERIFY(w.showTab(QStringLiteral("step")));
        QTRY_VERIFY_WITH_TIMEOUT(w.stepView()->result() != nullptr, kWaitMs);
        look(QStringLiteral("step"));
        look(QStringLiteral("peers"));

        const UnitCount n = countUnits(texts, cyrillic);
        qInfo("%s: %d Latin and %d Cyrillic byte units in %d texts", qPrintable(lang), n.latin, n.cyrillic, int(texts.size()));
        QVERIFY2(n.wrong.isEmpty(), qPrintable(QStringLiteral("%1 text(s) with the other script's units:\n").arg(n.wrong.size())
                                               + n.wrong.mid(0, 30).join(QLatin1Char('\n'))));
        // The window does show units (the check can fail): the toolbar, both charts, the table, the step views.
        QVERIFY((cyrillic ? n.cyrillic : n.latin) >= 40);
        if (lang == QLatin1String("zh_CN")) {
            // Bytes per parameter as one symbol: "B/参数" in the recipe line and the formulas alike.
            for (const QString& t : texts)
                QVERIFY2(!t.contains(QStringLiteral("字节/参数")), qPrintable(t));
        }
    }

    // Seen beside the units (ru, Compare tab): the table read "4.31" and the summary "трафик DP x0.67" while every other
    // number of the window takes the decimal comma ("4,31 ГБ" in the summary line above the table).
    void compareNumbersInTheChosenLanguage()
    {
        const auto restore = qScopeGuard([] { language::install(QStringLiteral("en")); });
        QVERIFY(language::install(QStringLiteral("ru")));
        MainWindow w(defaultScenario());
        w.pinCurrentAsA();
        Scenario b = defaultScenario();
        b.zeroStage = 2; // ZeRO-3 -> ZeRO-2: the DP traffic changes (x0.67: no parameter all-gathers)
        w.setScenario(b);
        QVERIFY(w.showTab(QStringLiteral("compare")));
        QTableWidget* t = w.compareWidget()->table();
        QVERIFY(t->rowCount() > kTermCount);
        static const QRegularExpression point(QStringLiteral("\\d\\.\\d")), comma(QStringLiteral("^-?\\d+,\\d+$"));
        int commas = 0;
        for (int r = 0; r < t->rowCount(); ++r)
            for (int c = 1; c < t->columnCount(); ++c)
                if (const QTableWidgetItem* item = t->item(r, c)) {
                    QVERIFY2(!point.match(item->text()).hasMatch(), qPrintable(item->text()));
                    commas += comma.match(item->text()).hasMatch() ? 1 : 0;
                }
        QVERIFY(commas >= 3 * (kTermCount + 1));
        // ZeRO-3 moves 3 x the parameters per step (two all-gathers and a reduce-scatter), ZeRO-2 2 x: x0,67.
        const QString summary = compareSummary(defaultScenario(), b, ByteUnit::GB);
        QVERIFY2(summary.contains(QStringLiteral("x0,67")) && !point.match(summary).hasMatch(), qPrintable(summary));
    }

    /// The recipe list's tooltips are core's descriptions (core/src/recipe.cpp) through the window's own copy of them
    /// (controlspanel.cpp, for lupdate): every recipe core has must be in that copy, or its tooltip falls back to
    /// English in Russian and Chinese. Core's English where the language is English.
    void recipeTooltipsFollowTheLanguage()
    {
        const auto restore = qScopeGuard([] { language::install(QStringLiteral("en")); });
        for (const char* lang : {"ru", "zh_CN", "en"}) {
            QVERIFY(language::install(QString::fromLatin1(lang)));
            MainWindow w(defaultScenario());
            auto* box = w.findChild<QComboBox*>(QStringLiteral("recipe"));
            QVERIFY(box);
            for (const Recipe& r : recipes()) {
                const int i = box->findData(QString::fromStdString(r.id));
                QVERIFY2(i >= 0, r.id.c_str());
                const QString tip = box->itemData(i, Qt::ToolTipRole).toString();
                QVERIFY2(!tip.isEmpty(), r.id.c_str());
                QVERIFY2((tip == QString::fromStdString(r.description)) == (QLatin1String(lang) == QLatin1String("en")),
                         qPrintable(QStringLiteral("%1 %2: %3").arg(QLatin1String(lang), QString::fromStdString(r.id), tip)));
            }
        }
    }
};

QTEST_MAIN(TestWindowUnits)
#include "tst_windowunits.moc"
