// SPDX-License-Identifier: MIT
#include "glossarypanel.h"

#include "language.h"

#include "shardscope/errors.h"

#include <QEvent>
#include <QFile>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QResizeEvent>
#include <QTableWidget>
#include <QVBoxLayout>

namespace shardscope {

namespace {
const char* kTermProperty = "glossaryTerm";

QMap<QString, QString> texts(const QJsonObject& o)
{
    QMap<QString, QString> m;
    for (auto it = o.begin(); it != o.end(); ++it)
        m.insert(it.key(), it.value().toString());
    return m;
}

QString in(const QMap<QString, QString>& m, const QString& lang)
{
    const QString t = m.value(lang);
    return t.isEmpty() ? m.value(QStringLiteral("en")) : t;
}
} // namespace

QList<GlossaryTerm> loadGlossary()
{
    QFile f(QStringLiteral(":/glossary/glossary.json"));
    if (!f.open(QIODevice::ReadOnly))
        throw InvalidInput("glossary", "the glossary is not compiled in (:/glossary/glossary.json)");
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(f.readAll(), &error);
    if (!doc.isObject())
        throw InvalidInput("glossary", "glossary.json: " + error.errorString().toStdString());
    QList<GlossaryTerm> terms;
    const QJsonArray termList = doc.object().value(QStringLiteral("terms")).toArray();
    for (const auto& v : termList) {
        const QJsonObject o = v.toObject();
        GlossaryTerm t;
        t.id = o.value(QStringLiteral("id")).toString();
        t.term = texts(o.value(QStringLiteral("term")).toObject());
        t.say = texts(o.value(QStringLiteral("say")).toObject());
        t.means = texts(o.value(QStringLiteral("means")).toObject());
        const QJsonArray controls = o.value(QStringLiteral("controls")).toArray();
        for (const auto& c : controls)
            t.controls << c.toString();
        terms << t;
    }
    return terms;
}

GlossaryPanel::GlossaryPanel(QWidget* parent)
    : QWidget(parent)
    , m_terms(loadGlossary())
    , m_table(new QTableWidget(this))
{
    setObjectName(QStringLiteral("glossaryPanel"));
    m_table->setObjectName(QStringLiteral("glossaryTable"));
    m_table->setColumnCount(3);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setWordWrap(true);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_table);
    fill();
}

void GlossaryPanel::fill()
{
    const QString lang = language::current();
    m_table->setHorizontalHeaderLabels({tr("Term"), tr("What people say"), tr("What it means")});
    m_table->setRowCount(int(m_terms.size()));
    for (int r = 0; r < m_terms.size(); ++r) {
        const GlossaryTerm& t = m_terms[r];
        // Narrow: what people say under the term, its own column hidden.
        const QString term = m_narrow ? in(t.term, lang) + QLatin1Char('\n') + in(t.say, lang) : in(t.term, lang);
        const QStringList cells = {term, in(t.say, lang), in(t.means, lang)};
        for (int c = 0; c < 3; ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            item->setData(Qt::UserRole, t.id);
            if (c == 0) {
                QFont f = item->font();
                f.setBold(true);
                item->setFont(f);
            }
            m_table->setItem(r, c, item);
        }
    }
    fitColumns();
}

void GlossaryPanel::fitColumns()
{
    // Three columns where the term (24 x), what people say (28 x) and 30 characters of the meaning fit; else two, the
    // term column 40% of the width: at 450 px beside the Scenario panel the meaning keeps about 45 characters (three
    // columns left it 100 px at the right of a 1366 px window).
    const int x = fontMetrics().horizontalAdvance(QLatin1Char('x'));
    const int room = m_table->viewport()->width();
    const bool narrow = room < 52 * x + 30 * fontMetrics().averageCharWidth();
    if (narrow != m_narrow) {
        m_narrow = narrow;
        const QString current = currentTerm();
        fill(); // the term cells gain or lose what people say
        if (!current.isEmpty())
            showTerm(current);
        return;
    }
    m_table->setColumnHidden(1, m_narrow);
    if (m_narrow) {
        m_table->setColumnWidth(0, room * 2 / 5);
    } else {
        m_table->setColumnWidth(0, x * 24);
        m_table->setColumnWidth(1, x * 28);
    }
}

void GlossaryPanel::resizeEvent(QResizeEvent* e)
{
    QWidget::resizeEvent(e);
    fitColumns();
}

void GlossaryPanel::changeEvent(QEvent* e)
{
    if (e->type() == QEvent::LanguageChange)
        fill();
    QWidget::changeEvent(e);
}

bool GlossaryPanel::showTerm(const QString& id)
{
    for (int r = 0; r < m_terms.size(); ++r)
        if (m_terms[r].id == id) {
            m_table->selectRow(r);
            m_table->scrollToItem(m_table->item(r, 0), QAbstractItemView::PositionAtTop);
            return true;
        }
    return false;
}

QString GlossaryPanel::currentTerm() const
{
    const QTableWidgetItem* item = m_table->currentItem();
    return item ? item->data(Qt::UserRole).toString() : QString();
}

int GlossaryPanel::linkTooltips(QWidget* root) const
{
    const QString lang = language::current();
    int linked = 0;
    for (const GlossaryTerm& t : m_terms)
        for (const QString& name : t.controls)
            for (QWidget* w : root->findChildren<QWidget*>(name)) {
                if (w->property(kTermProperty).isValid())
                    continue;
                w->setProperty(kTermProperty, t.id);
                const QString link = tr("Glossary (F1): %1").arg(in(t.term, lang));
                w->setToolTip(w->toolTip().isEmpty() ? link : w->toolTip() + QLatin1Char('\n') + link);
                ++linked;
            }
    return linked;
}

QString GlossaryPanel::termOf(const QWidget* w)
{
    for (; w; w = w->parentWidget()) {
        const QVariant v = w->property(kTermProperty);
        if (v.isValid())
            return v.toString();
    }
    return QString();
}

} // namespace shardscope
