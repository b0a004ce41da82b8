// SPDX-License-Identifier: MIT
#pragma once

// A C locale whose decimal point is a comma (de_DE.UTF-8), for tests that number parsing and printing do
// not follow LC_NUMERIC (a QApplication calls setlocale(LC_ALL, "") from the environment). Uses the
// installed locale when there is one, else compiles it with localedef (Debian package locales) into
// `scratchDir`, which the process then needs in LOCPATH. Empty name when neither works: tests QSKIP.
#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QString>

#include <clocale>

struct CommaLocale
{
    QString name;    ///< "de_DE.UTF-8", or empty when none is available
    QString locPath; ///< LOCPATH the locale needs (empty: installed on the system)
};

inline CommaLocale commaLocale(const QString& scratchDir)
{
    const QByteArray name = "de_DE.UTF-8";
    const std::string before = std::setlocale(LC_NUMERIC, nullptr);
    const bool installed = std::setlocale(LC_NUMERIC, name.constData()) != nullptr;
    std::setlocale(LC_NUMERIC, before.c_str());
    if (installed)
        return {QString::fromLatin1(name), QString()};
    if (!QFileInfo::exists(QStringLiteral("/usr/share/i18n/locales/de_DE")))
        return {};
    QProcess p;
    p.start(QStringLiteral("localedef"), {QStringLiteral("-i"), QStringLiteral("de_DE"), QStringLiteral("-f"),
                                          QStringLiteral("UTF-8"), QDir(scratchDir).filePath(QString::fromLatin1(name))});
    if (!p.waitForFinished(120000) || p.exitStatus() != QProcess::NormalExit
        || !QFileInfo::exists(QDir(scratchDir).filePath(QString::fromLatin1(name) + QStringLiteral("/LC_NUMERIC"))))
        return {};
    return {QString::fromLatin1(name), scratchDir};
}
