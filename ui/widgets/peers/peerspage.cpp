// SPDX-License-Identifier: MIT
#include "peerspage.h"

#include "explorer.h"
#include "peersmodel.h"

#include "shardscope/errors.h"
#include "shardscope/units.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLineEdit>

#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QTableView>
#include <QVBoxLayout>

namespace shardscope {

namespace {

/// A refusal of DeepSpeed's inputs (validatePeerInputs(), templates in peerTemplates()) or of the scenario, in
/// the interface language.
QString inputErrorText(const InvalidInput& e)
{
    const std::string& t = e.templateText();
    for (const char* known : peerTemplates())
        if (!t.empty() && t == known) {
            // The figures are counts core grouped with commas ("70,553,706,496"): shown per locale.
            PeerText text{t, {}};
            for (const std::string& a : e.args()) {
                std::string digits;
                for (char c : a)
                    if (c != ',')
                        digits += c;
                text.args.push_back({PeerArg::Kind::Count, std::stod(digits), a});
            }
            // Named by the input's own label, as the row above the table shows it.
            const QString field = e.field() == "buffer-factor" ? PeersPage::tr("buffer factor") : PeersPage::tr("largest layer params");
            return field + QStringLiteral(": ") + peerText(text);
        }
    return validationText(e);
}

} // namespace

PeersPage::PeersPage(QWidget* parent)
    : QWidget(parent)
    , m_header(new QLabel(this))
    , m_table(new QTableView(this))
    , m_model(new PeersModel(this))
    , m_reasons(new QPlainTextEdit(this))
    , m_printed(new QPlainTextEdit(this))
    , m_largest(new QLineEdit(this))
    , m_zeroInit(new QCheckBox(QStringLiteral("zero_init"), this))
    , m_buffer(new QDoubleSpinBox(this))
{
    setObjectName(QStringLiteral("peersPage"));
    auto* layout = new QVBoxLayout(this);
    m_header->setObjectName(QStringLiteral("peersHeader"));
    m_header->setWordWrap(true);
    m_header->setText(tr(
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
    auto* reasonsLabel = new QLabel(tr("<b>Why they differ from ShardScope</b>"), this);
    m_printed->setObjectName(QStringLiteral("peersPrinted"));
    m_printed->setReadOnly(true);
    m_printed->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_printed->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_printed->setToolTip(tr("What the peer prints, byte for byte; click a column to choose the peer"));
    connect(m_table, &QTableView::clicked, this, [this](const QModelIndex& i) {
        if (i.column() > 0) {
            m_printedColumn = i.column();
            showPrinted();
        }
    });
    layout->addWidget(m_header);
    // DeepSpeed's own inputs (the scenario's offload settings pick its row).
    auto* inputs = new QHBoxLayout;
    m_largest->setObjectName(QStringLiteral("peersLargestLayer"));
    m_largest->setPlaceholderText(tr("from the architecture"));
    m_largest->setToolTip(tr("DeepSpeed ZeRO-3 largest_layer_params, e.g. 262144000 or 262M"));
    m_zeroInit->setObjectName(QStringLiteral("peersZeroInit"));
    m_zeroInit->setChecked(true);
    m_zeroInit->setToolTip(tr("DeepSpeed ZeRO-3: the model is built inside deepspeed.zero.Init"));
    m_buffer->setObjectName(QStringLiteral("peersBufferFactor"));
    m_buffer->setRange(0.01, 1000);
    m_buffer->setDecimals(2);
    m_buffer->setSingleStep(0.1);
    m_buffer->setValue(1.5);
    m_buffer->setToolTip(tr("DeepSpeed additional_buffer_factor (CPU side; default 1.5)"));
    inputs->addWidget(new QLabel(tr("DeepSpeed inputs: largest layer params"), this));
    inputs->addWidget(m_largest);
    inputs->addWidget(m_zeroInit);
    inputs->addWidget(new QLabel(tr("buffer factor"), this));
    inputs->addWidget(m_buffer);
    inputs->addStretch(1);
    layout->addLayout(inputs);
    const auto changed = [this] {
        m_dirty = true;
        if (isVisible())
            refresh();
    };
    connect(m_largest, &QLineEdit::editingFinished, this, changed);
    connect(m_zeroInit, &QCheckBox::toggled, this, changed);
    connect(m_buffer, &QDoubleSpinBox::valueChanged, this, changed);
    layout->addWidget(m_table, 3);
    auto* lower = new QHBoxLayout;
    auto* reasonsBox = new QVBoxLayout;
    reasonsBox->addWidget(reasonsLabel);
    reasonsBox->addWidget(m_reasons, 1);
    auto* printedBox = new QVBoxLayout;
    printedBox->addWidget(new QLabel(tr("<b>What it prints</b> (click a column)"), this));
    printedBox->addWidget(m_printed, 1);
    lower->addLayout(reasonsBox, 3);
    lower->addLayout(printedBox, 2);
    layout->addLayout(lower, 2);
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

QString PeersPage::printedText() const { return m_printed->toPlainText(); }

void PeersPage::showPrinted()
{
    const PeerEstimate* p = m_model->peerAt(m_printedColumn);
    if (!p)
        p = m_model->peerAt(1);
    // The peer's printout is quoted byte for byte; ShardScope's own line is in the interface language.
    const auto printout = [](const PeerEstimate& e) {
        return e.rowText.templateText.empty() ? QString::fromStdString(e.printed) : peerText(e.rowText) + QLatin1Char('\n');
    };
    m_printed->setPlainText(p ? peerPhrase(peerName(p->id)) + QStringLiteral(" (") + peerPhrase(peerSource(p->id))
                                    + QStringLiteral("):\n\n") + printout(*p)
                              : QString());
}

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
        PeerInputs in;
        const QString largest = m_largest->text().trimmed();
        if (!largest.isEmpty())
            in.largestLayerParams = parseCount(largest.toStdString(), "largest-layer-params");
        in.zeroInit = m_zeroInit->isChecked();
        in.bufferFactor = m_buffer->value();
        m_model->setPeers(computePeers(*m_scenario, in));
        m_error.clear();
        QStringList lines;
        for (const QString& l : m_model->reasonLines())
            lines << QStringLiteral("\u2022 ") + l;
        m_reasons->setPlainText(lines.join(QLatin1Char('\n')));
        showPrinted();
    } catch (const InvalidInput& e) {
        m_model->clear();
        m_printed->clear();
        m_error = QString::fromStdString(e.what());
        m_reasons->setPlainText(tr("No answer for this scenario: ") + inputErrorText(e));
    }
    if (m_model->columnCount() > 0)
        m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
}

} // namespace shardscope
