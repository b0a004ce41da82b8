// SPDX-License-Identifier: MIT
#pragma once

// Runs the built `shardscope` executable (SHARDSCOPE_BIN, set by tests/cli/CMakeLists.txt) the way a
// user or script would, capturing its exit code, stdout and stderr.
#include <QByteArray>
#include <QProcess>
#include <QStringList>

struct Run
{
    int exitCode = -1; ///< -1 when the process crashed or timed out
    QByteArray out;
    QByteArray err;
};

/// Runs the shardscope binary with `args` (and `env`: the test's own environment unless given).
inline Run shardscope(const QStringList& args, const QProcessEnvironment& env = QProcessEnvironment::systemEnvironment())
{
    QProcess p;
    p.setProcessEnvironment(env);
    p.setProgram(QStringLiteral(SHARDSCOPE_BIN));
    p.setArguments(args);
    p.start();
    Run r;
    if (!p.waitForFinished(120000) || p.exitStatus() != QProcess::NormalExit)
        return r;
    r.exitCode = p.exitCode();
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}
