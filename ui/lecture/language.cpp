// SPDX-License-Identifier: MIT
#include "language.h"

#include <QCoreApplication>
#include <QLocale>
#include <QSettings>
#include <QTranslator>

namespace shardscope::language {

namespace {
QTranslator* g_translator = nullptr;
QString g_current = QStringLiteral("en");
const QString kKey = QStringLiteral("ui/language");
} // namespace

const QStringList& available()
{
    static const QStringList l = {QStringLiteral("en"), QStringLiteral("ru"), QStringLiteral("zh_CN")};
    return l;
}

QString nativeName(const QString& lang)
{
    if (lang == QLatin1String("ru"))
        return QStringLiteral("Русский");
    if (lang == QLatin1String("zh_CN"))
        return QStringLiteral("简体中文");
    return QStringLiteral("English");
}

QString fromLocale(const QLocale& locale)
{
    if (locale.language() == QLocale::Russian)
        return QStringLiteral("ru");
    if (locale.language() == QLocale::Chinese)
        return QStringLiteral("zh_CN");
    return QStringLiteral("en");
}

bool install(const QString& choice)
{
    const QString lang = choice == QLatin1String("system") || choice.isEmpty() ? fromLocale(QLocale::system()) : choice;
    if (!available().contains(lang))
        return false;
    if (g_translator) {
        QCoreApplication::removeTranslator(g_translator);
        delete g_translator;
        g_translator = nullptr;
    }
    if (lang != QLatin1String("en")) {
        auto* t = new QTranslator(QCoreApplication::instance());
        if (!t->load(QStringLiteral(":/i18n/shardscope_%1.qm").arg(lang))) {
            delete t;
            return false;
        }
        QCoreApplication::installTranslator(t);
        g_translator = t;
    }
    // An explicit choice formats numbers for that language; "system" keeps the system's locale.
    if (choice != QLatin1String("system") && !choice.isEmpty())
        QLocale::setDefault(QLocale(lang));
    g_current = lang;
    return true;
}

QString current() { return g_current; }

QString stored() { return QSettings().value(kKey, QStringLiteral("system")).toString(); }

void store(const QString& choice) { QSettings().setValue(kKey, choice); }

} // namespace shardscope::language
