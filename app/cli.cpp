// SPDX-License-Identifier: MIT
#include "cli.h"

#include "safewrite.h"
#include "shardscope/errors.h"

#include <QFile>
#include <QFileInfo>

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace shardscope::cli {

int badInput(const QString& message)
{
    err(QStringLiteral("shardscope: ") + message + QLatin1Char('\n'));
    return kExitBadInput;
}

namespace {
int g_stdoutErrno = 0; ///< the first failed write to stdout (0: none)
}

void out(const QString& text)
{
    if (g_stdoutErrno != 0)
        return; // the reader is gone or the disk is full: the exit code says so (finishOutput)
    const QByteArray b = text.toUtf8();
    errno = 0;
    const std::size_t n = std::fwrite(b.constData(), 1, static_cast<std::size_t>(b.size()), stdout);
    if (n != static_cast<std::size_t>(b.size()) || std::fflush(stdout) != 0)
        g_stdoutErrno = errno != 0 ? errno : EIO;
}

int finishOutput(int exitCode)
{
    if (g_stdoutErrno == 0 && std::fflush(stdout) != 0)
        g_stdoutErrno = errno != 0 ? errno : EIO;
    if (g_stdoutErrno == 0)
        return exitCode;
    err(QStringLiteral("shardscope: cannot write to standard output: %1\n")
            .arg(QString::fromLocal8Bit(std::strerror(g_stdoutErrno))));
    return kExitBadInput;
}

void err(const QString& text)
{
    const QByteArray b = text.toUtf8();
    std::fwrite(b.constData(), 1, static_cast<std::size_t>(b.size()), stderr);
    std::fflush(stderr);
}

bool parse(QCommandLineParser& parser, const QStringList& args, int& exitCode, bool allowPositional)
{
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    const QCommandLineOption help(QStringList {QStringLiteral("h"), QStringLiteral("help")},
                                  QStringLiteral("Show this help."));
    parser.addOption(help);
    if (!parser.parse(args)) {
        exitCode = badInput(parser.errorText() + QStringLiteral(" (see --help)"));
        return false;
    }
    if (parser.isSet(help)) {
        // QCommandLineParser names the executable's path; name the subcommand instead.
        QString text = parser.helpText();
        const int eol = text.indexOf(QLatin1String(" [options]"));
        if (text.startsWith(QLatin1String("Usage: ")) && eol > 0)
            text.replace(7, eol - 7, args.value(0));
        out(text);
        exitCode = kExitOk;
        return false;
    }
    if (!allowPositional && !parser.positionalArguments().isEmpty()) {
        exitCode = badInput(QStringLiteral("unexpected argument '") + parser.positionalArguments().constFirst()
                            + QStringLiteral("' (see --help)"));
        return false;
    }
    return true;
}

QString formatOption(const QCommandLineParser& parser, const QStringList& allowed, const QString& def)
{
    if (!parser.isSet(QStringLiteral("format")))
        return def;
    QString f = parser.value(QStringLiteral("format"));
    if (!allowed.contains(f))
        throw InvalidInput("format", QString(QStringLiteral("--format: '") + f + QStringLiteral("' must be one of ") + allowed.join(QStringLiteral(", ")))
                                         .toStdString());
    return f;
}

int guarded(const std::function<int()>& body)
{
    try {
        return body();
    } catch (const InvalidInput& e) {
        // A refusal of a file an option names says which option ("--scenario: FILE: why", not "FILE: why" alone).
        QString message = QString::fromStdString(e.what());
        static const char* const fileOptions[] = {"scenario", "deepspeed-config", "fsdp-config", "hf-config", "megatron-args"};
        for (const char* o : fileOptions)
            if (e.field() == o && !message.startsWith(QLatin1String("--")))
                message = QStringLiteral("--%1: ").arg(QLatin1String(o)) + message;
        return badInput(message);
    } catch (const WriteError& e) { // a full disk or a failed renderer: the reason, not "internal error"
        err(QStringLiteral("shardscope: ") + QString::fromStdString(e.what()) + QLatin1Char('\n'));
        return kExitFailure;
    } catch (const std::exception& e) {
        err(QStringLiteral("shardscope: internal error: ") + QString::fromStdString(e.what()) + QLatin1Char('\n'));
        return kExitFailure;
    }
}

QByteArray readMeasuredCsv(const QString& path, const char* option)
{
    auto fail = [&](const QString& why) {
        const QString message = QString::fromLatin1(option) + QStringLiteral(": ") + path + QStringLiteral(": ") + why;
        throw InvalidInput(std::string(option).substr(2), message.toStdString()); // field: "steps"
    };
    QFile f(path);
    if (QFileInfo(path).isDir())
        fail(QStringLiteral("is a folder, not a file"));
    if (!f.open(QIODevice::ReadOnly))
        fail(QStringLiteral("cannot read: ") + f.errorString());
    QByteArray bytes = f.read(kMaxMeasuredCsvBytes + 1);
    if (bytes.size() > kMaxMeasuredCsvBytes)
        fail(QStringLiteral("more than %1 MiB; a measured CSV has a few hundred rows (is this the right file?)")
                 .arg(kMaxMeasuredCsvBytes / (qint64(1024) * 1024)));
    return bytes;
}

} // namespace shardscope::cli
