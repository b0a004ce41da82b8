// SPDX-License-Identifier: MIT
#include "breakdownmodel.h"

#include "explorer.h"
#include "termstyle.h"

#include <QCoreApplication>
#include <QHash>
#include <QLocale>

#include <algorithm>
#include <utility>
#include <vector>

namespace shardscope {

namespace {

/// The English words core's formulas are written with (core/src/footprint.cpp), longest phrases and single words:
/// a glossary the interface language translates word for word. Numbers, symbols (s*b*h, d=16, ZeRO-3, fp32, TP) and
/// names (torchtitan, Megatron) are not in it and stay as they are; byte units (B/param's "B", GB) take the window's
/// symbols (unitSymbolUi()).
const char* const kFormulaWords[] = {
    QT_TRANSLATE_NOOP("FormulaWords", "buffers are the gathered params and unsharded grads"),
    QT_TRANSLATE_NOOP("FormulaWords", "reduces in place in its contiguous grad buffer"),
    QT_TRANSLATE_NOOP("FormulaWords", "the stage's unsharded grads accumulate over the micro-batches"),
    QT_TRANSLATE_NOOP("FormulaWords", "only the last stage computes the logits"),
    QT_TRANSLATE_NOOP("FormulaWords", "gradient accumulation runs them in turn"),
    QT_TRANSLATE_NOOP("FormulaWords", "stay gathered from forward to backward"),
    QT_TRANSLATE_NOOP("FormulaWords", "weight cast and its transpose for the layer in use"),
    QT_TRANSLATE_NOOP("FormulaWords", "Megatron's contiguous main-grad buffer"),
    QT_TRANSLATE_NOOP("FormulaWords", "the gradient of the upcast logits"),
    QT_TRANSLATE_NOOP("FormulaWords", "weight copies saved by the matmuls"),
    QT_TRANSLATE_NOOP("FormulaWords", "every n-th block checkpointed"),
    QT_TRANSLATE_NOOP("FormulaWords", "buckets copy every gradient"),
    QT_TRANSLATE_NOOP("FormulaWords", "buckets are views of the grads"),
    QT_TRANSLATE_NOOP("FormulaWords", "no data-parallel communication"),
    QT_TRANSLATE_NOOP("FormulaWords", "nothing to reduce-scatter"),
    QT_TRANSLATE_NOOP("FormulaWords", "outside the caching allocator"),
    QT_TRANSLATE_NOOP("FormulaWords", "log-softmax kept for backward"),
    QT_TRANSLATE_NOOP("FormulaWords", "one tensor's grads at a time"),
    QT_TRANSLATE_NOOP("FormulaWords", "micro-batch at a time"),
    QT_TRANSLATE_NOOP("FormulaWords", "one layer's recompute"),
    QT_TRANSLATE_NOOP("FormulaWords", "backward working set"),
    QT_TRANSLATE_NOOP("FormulaWords", "one unit's full grads"),
    QT_TRANSLATE_NOOP("FormulaWords", "not alive at the peak"),
    QT_TRANSLATE_NOOP("FormulaWords", "part alive at the peak"),
    QT_TRANSLATE_NOOP("FormulaWords", "allocated at the peak"),
    QT_TRANSLATE_NOOP("FormulaWords", "attention scores recomputed"),
    QT_TRANSLATE_NOOP("FormulaWords", "model states and persistent buffers"),
    QT_TRANSLATE_NOOP("FormulaWords", "no vocabulary logits"),
    QT_TRANSLATE_NOOP("FormulaWords", "classifier or reward head"),
    QT_TRANSLATE_NOOP("FormulaWords", "no sync until the last"),
    QT_TRANSLATE_NOOP("FormulaWords", "every activation in flight stored"),
    QT_TRANSLATE_NOOP("FormulaWords", "stored activations plus its working set"),
    QT_TRANSLATE_NOOP("FormulaWords", "gradients complete"),
    QT_TRANSLATE_NOOP("FormulaWords", "activations freed"),
    QT_TRANSLATE_NOOP("FormulaWords", "states and gradients"),
    QT_TRANSLATE_NOOP("FormulaWords", "layers keep their input"),
    QT_TRANSLATE_NOOP("FormulaWords", "of the stage's"),
    QT_TRANSLATE_NOOP("FormulaWords", "the stage's"),
    QT_TRANSLATE_NOOP("FormulaWords", "bare count split by its"),
    QT_TRANSLATE_NOOP("FormulaWords", "micro-batches in flight"),
    QT_TRANSLATE_NOOP("FormulaWords", "layers in flight"),
    QT_TRANSLATE_NOOP("FormulaWords", "model chunks of"),
    QT_TRANSLATE_NOOP("FormulaWords", "layer-micro-batches"),
    QT_TRANSLATE_NOOP("FormulaWords", "params on stage"),
    QT_TRANSLATE_NOOP("FormulaWords", "of params under"),
    QT_TRANSLATE_NOOP("FormulaWords", "kept whole"),
    QT_TRANSLATE_NOOP("FormulaWords", "kept between steps"),
    QT_TRANSLATE_NOOP("FormulaWords", "kept for backward"),
    QT_TRANSLATE_NOOP("FormulaWords", "the gradient of the"),
    QT_TRANSLATE_NOOP("FormulaWords", "gradient of the logits"),
    QT_TRANSLATE_NOOP("FormulaWords", "copy holding the"),
    QT_TRANSLATE_NOOP("FormulaWords", "then its gradient"),
    QT_TRANSLATE_NOOP("FormulaWords", "its gradient"),
    QT_TRANSLATE_NOOP("FormulaWords", "its input"),
    QT_TRANSLATE_NOOP("FormulaWords", "attention output"),
    QT_TRANSLATE_NOOP("FormulaWords", "every other"),
    QT_TRANSLATE_NOOP("FormulaWords", "module in use"),
    QT_TRANSLATE_NOOP("FormulaWords", "prefetch min"),
    QT_TRANSLATE_NOOP("FormulaWords", "holds min"),
    QT_TRANSLATE_NOOP("FormulaWords", "offloaded to host"),
    QT_TRANSLATE_NOOP("FormulaWords", "offloaded to NVMe"),
    QT_TRANSLATE_NOOP("FormulaWords", "offloaded to"),
    QT_TRANSLATE_NOOP("FormulaWords", "of saved activations"),
    QT_TRANSLATE_NOOP("FormulaWords", "optimizer in backward"),
    QT_TRANSLATE_NOOP("FormulaWords", "reduce bucket"),
    QT_TRANSLATE_NOOP("FormulaWords", "all-gather bucket"),
    QT_TRANSLATE_NOOP("FormulaWords", "loss chunks"),
    QT_TRANSLATE_NOOP("FormulaWords", "managed memory"),
    QT_TRANSLATE_NOOP("FormulaWords", "no bucket copies"),
    QT_TRANSLATE_NOOP("FormulaWords", "nothing to gather"),
    QT_TRANSLATE_NOOP("FormulaWords", "recipes only"),
    QT_TRANSLATE_NOOP("FormulaWords", "switched off"),
    QT_TRANSLATE_NOOP("FormulaWords", "replicated over"),
    QT_TRANSLATE_NOOP("FormulaWords", "per micro-batch"),
    QT_TRANSLATE_NOOP("FormulaWords", "per layer"),
    QT_TRANSLATE_NOOP("FormulaWords", "per TP rank"),
    QT_TRANSLATE_NOOP("FormulaWords", "in place"),
    QT_TRANSLATE_NOOP("FormulaWords", "in use"),
    QT_TRANSLATE_NOOP("FormulaWords", "the largest"),
    QT_TRANSLATE_NOOP("FormulaWords", "vocab-parallel"),
    QT_TRANSLATE_NOOP("FormulaWords", "compiled loss"),
    QT_TRANSLATE_NOOP("FormulaWords", "first stage"),
    QT_TRANSLATE_NOOP("FormulaWords", "middle stage"),
    QT_TRANSLATE_NOOP("FormulaWords", "last stage"),
    QT_TRANSLATE_NOOP("FormulaWords", "all ranks"),
    QT_TRANSLATE_NOOP("FormulaWords", "worst"),
    QT_TRANSLATE_NOOP("FormulaWords", "the other"),
    QT_TRANSLATE_NOOP("FormulaWords", "their full"),
    QT_TRANSLATE_NOOP("FormulaWords", "on the"),
    QT_TRANSLATE_NOOP("FormulaWords", "backward-start"),
    QT_TRANSLATE_NOOP("FormulaWords", "backward-end"),
    QT_TRANSLATE_NOOP("FormulaWords", "forward-end"),
    QT_TRANSLATE_NOOP("FormulaWords", "optimizer-step"),
    QT_TRANSLATE_NOOP("FormulaWords", "steady"),
    QT_TRANSLATE_NOOP("FormulaWords", "per-op"),
    QT_TRANSLATE_NOOP("FormulaWords", "params"),
    QT_TRANSLATE_NOOP("FormulaWords", "param"),
    QT_TRANSLATE_NOOP("FormulaWords", "layers"),
    QT_TRANSLATE_NOOP("FormulaWords", "layer"),
    QT_TRANSLATE_NOOP("FormulaWords", "over"),
    QT_TRANSLATE_NOOP("FormulaWords", "per"),
    QT_TRANSLATE_NOOP("FormulaWords", "of"),
    QT_TRANSLATE_NOOP("FormulaWords", "rank"),
    QT_TRANSLATE_NOOP("FormulaWords", "stage"),
    QT_TRANSLATE_NOOP("FormulaWords", "full"),
    QT_TRANSLATE_NOOP("FormulaWords", "selective"),
    QT_TRANSLATE_NOOP("FormulaWords", "interleaved"),
    QT_TRANSLATE_NOOP("FormulaWords", "logits"),
    QT_TRANSLATE_NOOP("FormulaWords", "elements"),
    QT_TRANSLATE_NOOP("FormulaWords", "input"),
    QT_TRANSLATE_NOOP("FormulaWords", "output"),
    QT_TRANSLATE_NOOP("FormulaWords", "without"),
    QT_TRANSLATE_NOOP("FormulaWords", "units"),
    QT_TRANSLATE_NOOP("FormulaWords", "current"),
    QT_TRANSLATE_NOOP("FormulaWords", "prefetched"),
    QT_TRANSLATE_NOOP("FormulaWords", "paged"),
    QT_TRANSLATE_NOOP("FormulaWords", "context"),
    QT_TRANSLATE_NOOP("FormulaWords", "workspaces"),
    QT_TRANSLATE_NOOP("FormulaWords", "only"),
    QT_TRANSLATE_NOOP("FormulaWords", "time"),
    QT_TRANSLATE_NOOP("FormulaWords", "micro-batches"),
    QT_TRANSLATE_NOOP("FormulaWords", "micro-batch"),
    QT_TRANSLATE_NOOP("FormulaWords", "activations"),
    QT_TRANSLATE_NOOP("FormulaWords", "gradient"),
    QT_TRANSLATE_NOOP("FormulaWords", "grads"),
    QT_TRANSLATE_NOOP("FormulaWords", "buffer"),
    QT_TRANSLATE_NOOP("FormulaWords", "buffers"),
    QT_TRANSLATE_NOOP("FormulaWords", "copy"),
    QT_TRANSLATE_NOOP("FormulaWords", "bucket"),
    QT_TRANSLATE_NOOP("FormulaWords", "at"),
    QT_TRANSLATE_NOOP("FormulaWords", "no"),
    QT_TRANSLATE_NOOP("FormulaWords", "upcast"),
    QT_TRANSLATE_NOOP("FormulaWords", "autocast"),
    QT_TRANSLATE_NOOP("FormulaWords", "split"),
};

bool isWordChar(QChar c) { return c.isLetterOrNumber() || c == QLatin1Char('_') || c == QLatin1Char('\'') || c == QLatin1Char('-'); }

} // namespace

QString translatedFormula(const QString& formula)
{
    // Phrases of the table, longest first, translated once per language (the table is redrawn on every slider move).
    struct Phrase
    {
        QString en, local;
    };
    static QString cachedFor;
    static bool built = false;
    static std::vector<Phrase> phrases;
    static QHash<QString, QString> done;
    const QString language = QCoreApplication::translate("FormulaWords", "params"); // changes with the translator
    // Built once per language. In English there are no phrases: `built` keeps them from being looked up again on every
    // call (every table cell on every move: 90,000 translator lookups in 60 moves of the model picker, issue 29).
    if (language != cachedFor || !built) {
        built = true;
        phrases.clear();
        done.clear();
        for (const char* w : kFormulaWords) {
            const QString en = QString::fromLatin1(w);
            const QString local = QCoreApplication::translate("FormulaWords", w);
            if (local != en)
                phrases.push_back({en, local});
        }
        // Core's byte units ("16 B/param", "41.33 GB allocated") as the rest of the window writes them.
        const std::pair<const char*, UnitSymbol> units[] = {{"B", UnitSymbol::B},   {"kB", UnitSymbol::kB},   {"MB", UnitSymbol::MB},
                                                            {"GB", UnitSymbol::GB}, {"TB", UnitSymbol::TB},   {"MiB", UnitSymbol::MiB},
                                                            {"GiB", UnitSymbol::GiB}};
        for (const auto& [en, symbol] : units)
            if (const QString local = unitSymbolUi(symbol); local != QLatin1String(en))
                phrases.push_back({QString::fromLatin1(en), local});
        std::stable_sort(phrases.begin(), phrases.end(), [](const Phrase& a, const Phrase& b) { return a.en.size() > b.en.size(); });
        cachedFor = language;
    }
    if (phrases.empty())
        return formula; // English: core's words as they are
    if (const auto it = done.constFind(formula); it != done.constEnd())
        return *it;
    static QString decimal, group;
    if (done.isEmpty()) { // the language changed (or first use): its decimal sign and group separator
        const QLocale l = numberLocale();
        decimal = l.decimalPoint();
        group = l.groupSeparator();
    }
    QString out;
    out.reserve(formula.size() * 2);
    qsizetype i = 0;
    while (i < formula.size()) {
        // Only whole words: a phrase starts and ends at a word boundary ("param" is not the start of "params").
        const bool wordStart = isWordChar(formula[i]) && (i == 0 || !isWordChar(formula[i - 1]));
        bool matched = false;
        if (wordStart && formula[i].isLetter()) {
            for (const Phrase& p : phrases) {
                const qsizetype end = i + p.en.size();
                if (end <= formula.size() && QStringView(formula).mid(i, p.en.size()) == p.en
                    && (end == formula.size() || !isWordChar(formula[end]))) {
                    out += p.local;
                    i = end;
                    matched = true;
                    break;
                }
            }
        }
        if (!matched) {
            // Copy the rest of this word (or one non-word character) unchanged.
            if (isWordChar(formula[i])) {
                const qsizetype start = i;
                while (i < formula.size() && isWordChar(formula[i]))
                    ++i;
                out += QStringView(formula).mid(start, i - start);
            } else {
                // Core writes its numbers as C does ("41.33", "68,976,648,192"): a point between digits is the
                // language's decimal sign, a comma before a group of three digits its group separator.
                const QChar c = formula[i];
                const bool afterDigit = i > 0 && formula[i - 1].isDigit();
                auto digitsAhead = [&](qsizetype n) {
                    qsizetype k = i + 1;
                    while (k < formula.size() && formula[k].isDigit())
                        ++k;
                    return n < 0 ? k > i + 1 : k - i - 1 == n;
                };
                if (c == QLatin1Char('.') && afterDigit && digitsAhead(-1))
                    out += decimal;
                else if (c == QLatin1Char(',') && afterDigit && digitsAhead(3))
                    out += group;
                else
                    out += c;
                ++i;
            }
        }
    }
    if (done.size() > 4096)
        done.clear();
    done.insert(formula, out);
    return out;
}

BreakdownModel::BreakdownModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void BreakdownModel::setFootprint(const Footprint& f)
{
    const RankFootprint& r = f.worstRank();
    if (!m_hasRank) {
        beginResetModel();
        m_rank = r;
        m_hasRank = true;
        endResetModel();
        return;
    }
    // Only the cells that changed are repainted (the table is redrawn on every slider move), each on its own: Qt 6.4's
    // item view repaints the whole viewport for a change that spans more than one cell (a move changed the bytes of a
    // few terms, yet every row's text was drawn again: the table's paint was 4.2 M of a fine-tuning move's 33.6 M
    // instructions, 2.5 M now). A row's bytes cell when its bytes changed, its formula cell when its formula or its
    // bytes as written did, its share cell when its share did. The term column never changes here, so the sorting
    // proxy (sorted by term) forwards each change instead of re-sorting the rows, which re-laid out and repainted the
    // whole table on every move.
    const RankFootprint before = std::exchange(m_rank, r);
    const auto share = [](const RankFootprint& f, int t) {
        return f.totalBytes > 0 ? double(f.terms[static_cast<std::size_t>(t)].bytes) / double(f.totalBytes) : 0.0;
    };
    for (int t = 0; t < kTermCount; ++t) {
        const TermValue& a = before.terms[static_cast<std::size_t>(t)];
        const TermValue& b = r.terms[static_cast<std::size_t>(t)];
        if (a.bytes != b.bytes)
            emit dataChanged(index(t, BytesColumn), index(t, BytesColumn));
        // The formula cell ends with "= <bytes>": it changes with the formula or with the bytes as written.
        if (a.formula != b.formula
            || (a.bytes != b.bytes && formatBytesUi(double(a.bytes), m_unit) != formatBytesUi(double(b.bytes), m_unit)))
            emit dataChanged(index(t, FormulaColumn), index(t, FormulaColumn));
        if (share(before, t) != share(r, t))
            emit dataChanged(index(t, ShareColumn), index(t, ShareColumn));
    }
}

void BreakdownModel::setUnit(ByteUnit unit)
{
    if (unit == m_unit)
        return;
    m_unit = unit;
    emit headerDataChanged(Qt::Horizontal, BytesColumn, BytesColumn);
    if (m_hasRank)
        emit dataChanged(index(0, BytesColumn), index(rowCount() - 1, FormulaColumn));
}

QString BreakdownModel::rankLabel() const
{
    // core's "all ranks", "last stage", "stage 2 (worst)": the same glossary as the formulas.
    return m_hasRank ? translatedFormula(QString::fromStdString(m_rank.label)) : QString();
}

int BreakdownModel::rowCount(const QModelIndex& parent) const { return parent.isValid() || !m_hasRank ? 0 : kTermCount; }

int BreakdownModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant BreakdownModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Term term = static_cast<Term>(index.row());
    const TermValue& v = m_rank.terms[static_cast<std::size_t>(index.row())];
    const double share = m_rank.totalBytes > 0 ? double(v.bytes) / double(m_rank.totalBytes) : 0.0;
    if (role == TermRole)
        return QString::fromLatin1(termKey(term));
    if (role == SortRole) {
        switch (index.column()) {
        case TermColumn: return index.row();
        case BytesColumn: return static_cast<qlonglong>(v.bytes);
        case ShareColumn: return share;
        default: return QString::fromStdString(v.formula);
        }
    }
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case TermColumn: return termLabel(term);
        case BytesColumn: return formatBytesUi(double(v.bytes), m_unit);
        case ShareColumn: return QString(numberLocale().toString(share * 100.0, 'f', 1) + QLatin1Char('%'));
        default:
            return QString(translatedFormula(QString::fromStdString(v.formula)) + QStringLiteral(" = ") + formatBytesUi(double(v.bytes), m_unit));
        }
    }
    if (role == Qt::ToolTipRole)
        return index.column() == FormulaColumn ? translatedFormula(QString::fromStdString(v.formula)) : termDescriptionText(term);
    if (role == Qt::DecorationRole && index.column() == TermColumn)
        return termColor(term);
    if (role == Qt::TextAlignmentRole && (index.column() == BytesColumn || index.column() == ShareColumn))
        return QVariant::fromValue<int>(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant BreakdownModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 || section >= ColumnCount)
        return {};
    switch (section) {
    case TermColumn: return tr("Term");
    case BytesColumn: return tr("Per GPU (%1)").arg(unitNameUi(m_unit));
    case ShareColumn: return tr("Share");
    default: return tr("Formula");
    }
}

} // namespace shardscope
