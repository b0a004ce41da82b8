// SPDX-License-Identifier: MIT
#pragma once

namespace shardscope {

/// Sets QFont::PreferNoShaping on the application font, once per application (idempotent), so that text in a script
/// that needs no shaping (Latin, Cyrillic, Han: every language the window speaks) is laid out from the font's
/// character map and kerning table instead of going through HarfBuzz. Scripts that need shaping (Arabic, Indic) are
/// still shaped: Qt checks QFontEngine::scriptRequiresOpenType() per script item (qtextengine.cpp, Qt 6.4).
///
/// Why: Qt Charts re-sets every axis label, legend entry and title as HTML on each chart layout, and measures each
/// through a scratch QGraphicsTextItem; a slider move lays out about 240 text documents. HarfBuzz shaping was a fifth
/// of a move's instructions on the GUI thread (callgrind, `bench redraw --control zeroStage`: 40.9 M -> 32.1 M per
/// move). Glyphs are the same; only OpenType features beyond pair kerning (ligatures such as "fi") are not applied.
///
/// Called wherever a QApplication is made for a window or a rendered chart (app/main.cpp) and by MainWindow before it
/// builds any widget, so tests that build a window lay out text as the app does.
void useFastTextShaping();

} // namespace shardscope
