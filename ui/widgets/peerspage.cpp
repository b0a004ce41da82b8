// SPDX-License-Identifier: MIT
#include "peerspage.h"

#include "peersmodel.h"

#include "shardscope/errors.h"

#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QTableView>
#include <QVBoxLayout>

namespace shardscope {

PeersPage::PeersPage(QWidget* parent)
    : QWidget(parent)
    , m_header(new QLabel(this))
    , m_table(new QTableView(this))
    , m_model(new PeersModel(this))
    , m_reasons(new QPlainTextEdit(this))
{
    setObjectName(QStringLiteral("peersPage"));
    auto* layout = new QVBoxLayout(this);
    m_header->setObjectName(QStringLiteral("peersHeader"));
    m_header->setWordWrap(true);
    m_header->setText(QStringLiteral(
        "What other estimators would print for this scenario, each under its own convention (units, rounding, "
        "what it counts), beside ShardScope's worst rank. \"ignored\": the peer does not model the term; "
        "\"in total\": counted only inside one figure. Hover a cell for the formula; docs/peers.md names the sources."));
    m_table->setObjectName(QStringLiteral("peersTable"));
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectItems);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    // Seven conventions share the width; the printed line is elided (its tooltip holds the whole printout).
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_table->horizontalHeader()->setMinimumSectionSize(110);
    m_table->setWordWrap(false);
    m_table->setTextElideMode(Qt::ElideRight);
    m_reasons->setObjectName(QStringLiteral("peersReasons"));
    m_reasons->setReadOnly(true);
    m_reasons->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    auto* reasonsLabel = new QLabel(QStringLiteral("<b>Why they differ from ShardScope</b>"), this);
    layout->addWidget(m_header);
    layout->addWidget(m_table, 3);
    layout->addWidget(reasonsLabel);
    layout->addWidget(m_reasons, 2);
}

void PeersPage::setScenario(const Scenario& s)
{
    m_scenario = s;
    m_dirty = true;
    if (isVisible())
        refresh();
}

void PeersPage::setUnit(ByteUnit unit) { m_model->setUnit(unit); }

QString PeersPage::reasonsText() const { return m_reasons->toPlainText(); }

QString PeersPage::errorText() const { return m_error; }

void PeersPage::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (m_dirty)
        refresh();
}

void PeersPage::refresh()
{
    m_dirty = false;
    if (!m_scenario)
        return;
    try {
        m_model->setPeers(computePeers(*m_scenario));
        m_error.clear();
        QStringList lines;
        for (const QString& l : m_model->reasonLines())
            lines << QStringLiteral("\u2022 ") + l;
        m_reasons->setPlainText(lines.join(QLatin1Char('\n')));
    } catch (const InvalidInput& e) {
        m_model->clear();
        m_error = QString::fromStdString(e.what());
        m_reasons->setPlainText(QStringLiteral("No answer for this scenario: ") + m_error);
    }
    if (m_model->columnCount() > 0)
        m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
}

} // namespace shardscope
