// SPDX-License-Identifier: MIT
#pragma once

#include <QMap>
#include <QWidget>

class QTableWidget;

namespace shardscope {

/// One glossary entry (resources/glossary/glossary.json): the term, what people say, what it means,
/// each by language, and the controls (object names) whose tooltips link to it.
struct GlossaryTerm
{
    QString id;
    QMap<QString, QString> term, say, means;
    QStringList controls;
};

/// Reads :/glossary/glossary.json. Throws InvalidInput("glossary") for a malformed file.
QList<GlossaryTerm> loadGlossary();

/**
 * The glossary panel: a table of term / what people say / what it means in the interface language.
 * linkTooltips() appends "Glossary (F1): <term>" to the tooltip of each control a term names and marks
 * the control (property "glossaryTerm"), so F1 over it opens the panel at that term.
 */
class GlossaryPanel : public QWidget
{
    Q_OBJECT
public:
    explicit GlossaryPanel(QWidget* parent = nullptr);
    const QList<GlossaryTerm>& terms() const { return m_terms; }
    QTableWidget* table() const { return m_table; }
    /// Selects and scrolls to a term; false for an unknown id.
    bool showTerm(const QString& id);
    QString currentTerm() const;
    /// Links every control under `root` that a term names; returns how many were linked.
    int linkTooltips(QWidget* root) const;
    /// The term id of `w` or its nearest ancestor with one ("" when none).
    static QString termOf(const QWidget* w);

    /// Whether the panel shows two columns (the term with what people say under it, what it means) because three
    /// do not fit its width (a dock beside the Scenario panel, issue 26).
    bool narrow() const { return m_narrow; }

protected:
    void changeEvent(QEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;

private:
    void fill();
    void fitColumns();
    QList<GlossaryTerm> m_terms;
    QTableWidget* m_table;
    bool m_narrow = false;
};

} // namespace shardscope
