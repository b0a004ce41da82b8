// SPDX-License-Identifier: MIT
#pragma once

#include <QLocale>
#include <QString>
#include <QStringList>

namespace shardscope {

/**
 * The interface language: "en", "ru" or "zh_CN". The translations (resources/translations/shardscope_LANG.ts) are
 * compiled to :/i18n/shardscope_<lang>.qm. "system" (the default) follows QLocale::system(); View >
 * Language stores an override in the settings (key "ui/language").
 */
namespace language {

/// "en", "ru", "zh_CN".
const QStringList& available();
/// The language names as shown in View > Language (each in its own language).
QString nativeName(const QString& lang);
/// The language a "system" choice resolves to (ru for any Russian locale, zh_CN for Chinese, else en).
QString fromLocale(const QLocale& locale);
/// Installs the translator for `lang` ("system" resolves through QLocale::system()) and sets QLocale's
/// default so that numbers are formatted for it. Returns false (English stays) for an unknown language.
bool install(const QString& lang);
/// The language installed now ("en" before install()).
QString current();
/// The stored choice ("system" when none).
QString stored();
void store(const QString& choice);

} // namespace language
} // namespace shardscope
