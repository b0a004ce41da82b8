// SPDX-License-Identifier: MIT
// shardscope: with a subcommand it answers on stdout (see `shardscope --help`); without one it opens
// the explorer window on the last scenario (or the scenario options given). `shardscope FILE` opens the
// window on a scenario file, Hugging Face config.json, DeepSpeed config or accelerate FSDP YAML.
#include "cli.h"
#include "language.h"
#include "lecture.h"
#include "mainwindow.h"
#include "scenariooptions.h"
#include "textshaping.h"

#include "shardscope/errors.h"

#include <QApplication>
#include <QCoreApplication>
#include <QFileInfo>
#include <QMessageBox>

#include <clocale>
#include <memory>

using namespace shardscope;

namespace {

QString usage()
{
    QString u = QStringLiteral("Usage: shardscope [COMMAND] [options]\n\n"
                               "Without a command, opens the explorer window (scenario options apply).\n\nCommands:\n");
    for (const cli::Command& c : cli::commands())
        u += QStringLiteral("  %1 %2\n").arg(QString::fromLatin1(c.name), -12).arg(QString::fromLatin1(c.summary));
    u += QStringLiteral("\n`shardscope COMMAND --help` lists a command's options. Exit codes: 0 ok, 1 failure, "
                        "2 bad input.\n");
    return u;
}

void needPlatformForHeadless()
{
    // Commands that render (screenshot, export, bench) must run without a display.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") && qEnvironmentVariableIsEmpty("DISPLAY")
        && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
}

/// QCoreApplication sets the C locale from the environment (setlocale(LC_ALL, "")); numbers must not
/// follow it: under de_DE.UTF-8, `shardscope step` printed "peak memory 2,27 GB" (std::snprintf). Qt's own
/// QLocale (what the window shows) is not affected. Call after constructing the application object.
void cNumericLocale() { std::setlocale(LC_NUMERIC, "C"); }

} // namespace

int main(int argc, char** argv)
{
    // Qt's fills on the GUI thread, not on its pool (app/guifills.h): Qt 6.8 and later read this variable; on Qt 6.4
    // guifills.cpp does it.
    if (qEnvironmentVariable("SHARDSCOPE_QT_PARALLEL_FILLS") != QLatin1String("1") && !qEnvironmentVariableIsSet("QT_NO_GUI_THREADPOOL"))
        qputenv("QT_NO_GUI_THREADPOOL", "1");
    QCoreApplication::setOrganizationName(QStringLiteral("ShardScope"));
    QCoreApplication::setApplicationName(QStringLiteral("shardscope"));
    QCoreApplication::setApplicationVersion(QStringLiteral(SHARDSCOPE_VERSION));

    const auto isCommand = [](const char* name) {
        for (const cli::Command& c : cli::commands())
            if (qstrcmp(name, c.name) == 0)
                return true;
        return false;
    };
    if (argc == 2 && argv[1][0] != '-' && !isCommand(argv[1]) && QFileInfo(QString::fromLocal8Bit(argv[1])).isFile()) {
        QApplication app(argc, argv);
        useFastTextShaping();
        cNumericLocale();
        language::install(language::stored());
        // A tour file plays in the window; any other file opens as before (openAnyFile()).
        return runLectureWindow(defaultScenario(), MainWindow::Session::RestoreLast, QString::fromLocal8Bit(argv[1]));
    }

    if (argc > 1 && argv[1][0] != '-') {
        const QString name = QString::fromLocal8Bit(argv[1]);
        for (const cli::Command& c : cli::commands()) {
            if (name != QLatin1String(c.name))
                continue;
            std::unique_ptr<QCoreApplication> app;
            if (c.needsGui) {
                needPlatformForHeadless();
                app = std::make_unique<QApplication>(argc, argv);
                useFastTextShaping(); // screenshots, exports and benchmarks lay out text as the window does
            } else {
                app = std::make_unique<QCoreApplication>(argc, argv);
            }
            cNumericLocale();
            QStringList args = QCoreApplication::arguments();
            args.removeAt(1); // "shardscope estimate ..." -> "shardscope ..." for the parser
            args[0] = QStringLiteral("shardscope ") + name;
            return cli::finishOutput(c.run(args));
        }
        QCoreApplication app(argc, argv);
        cli::err(usage());
        return cli::badInput(QStringLiteral("unknown command '") + name + QLatin1Char('\''));
    }

    for (int i = 1; i < argc; ++i) {
        const QByteArray a(argv[i]);
        if (a == "--help" || a == "-h") {
            QCoreApplication app(argc, argv);
            cli::out(usage());
            return cli::finishOutput(cli::kExitOk);
        }
        if (a == "--version") {
            QCoreApplication app(argc, argv);
            cli::out(QStringLiteral("shardscope %1\n").arg(QStringLiteral(SHARDSCOPE_VERSION)));
            return cli::finishOutput(cli::kExitOk);
        }
    }

    QApplication app(argc, argv);
    useFastTextShaping();
    cNumericLocale();
    language::install(language::stored());
    QCommandLineParser parser;
    addScenarioOptions(parser);
    int code = 0;
    if (!cli::parse(parser, QCoreApplication::arguments(), code))
        return code;
    Scenario scenario;
    const bool fromOptions = argc > 1;
    try {
        scenario = fromOptions ? scenarioFromParser(parser) : defaultScenario();
    } catch (const InvalidInput& e) {
        return cli::badInput(QString::fromStdString(e.what()));
    }
    return runLectureWindow(scenario, fromOptions ? MainWindow::Session::KeepGiven : MainWindow::Session::RestoreLast);
}
