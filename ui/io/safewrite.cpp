// SPDX-License-Identifier: MIT
#include "safewrite.h"

#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace shardscope {

namespace {

[[noreturn]] void fail(const QString& path, const QString& why)
{
    // Qt says "Unknown error" for a write cut short without an error (the last bytes of a nearly full tmpfs):
    // the system's reason then, or what a short write means.
    const int code = errno;
    QString reason = why;
    if (reason.isEmpty() || reason == QLatin1String("Unknown error"))
        reason = code != 0 ? QString::fromLocal8Bit(std::strerror(code))
                           : QStringLiteral("the write was cut short (is the disk full?)");
    throw WriteError(QString(path + QStringLiteral(": cannot write: ") + reason).toStdString());
}

/// The file a path names after following symlinks (QSaveFile writes beside that one).
QFileInfo resolved(const QString& path)
{
    QFileInfo fi(path);
    for (int depth = 0; depth < 64 && fi.isSymLink(); ++depth)
        fi.setFile(fi.symLinkTarget());
    return fi;
}

/// A target that exists and is not a regular file cannot be replaced by a rename: write it directly.
bool isSpecial(const QString& path)
{
    const QFileInfo fi = resolved(path);
    return fi.exists() && !fi.isFile();
}

void writeDirectly(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Unbuffered))
        fail(path, f.errorString());
    if (f.write(bytes) != bytes.size() || !f.flush() || f.error() != QFileDevice::NoError)
        fail(path, f.errorString());
    f.close();
    if (f.error() != QFileDevice::NoError)
        fail(path, f.errorString());
}

/// Opens `f` and writes all of `bytes` to its temporary; on failure cancels and throws.
void writeTemporary(QSaveFile& f, const QString& path, const QByteArray& bytes)
{
    // Unbuffered: each write reaches the file engine at once, so its error is seen here. (A buffered
    // QSaveFile only fails in close(), whose error Qt 6.4's commit() does not check: it renamed a
    // truncated temporary over the user's file on a full disk.)
    if (!f.open(QIODevice::WriteOnly | QIODevice::Unbuffered))
        fail(path, f.errorString());
    if (f.write(bytes) != bytes.size() || !f.flush() || f.error() != QFileDevice::NoError) {
        const QString why = f.errorString();
        f.cancelWriting();
        fail(path, why);
    }
}

} // namespace

void writeFileAtomically(const QString& path, const QByteArray& bytes)
{
    if (isSpecial(path)) {
        writeDirectly(path, bytes);
        return;
    }
    QSaveFile f(path);
    writeTemporary(f, path, bytes);
    if (!f.commit())
        fail(path, f.errorString());
}

AtomicFileSet::AtomicFileSet() = default;

AtomicFileSet::~AtomicFileSet()
{
    for (const auto& f : m_files)
        if (f->isOpen())
            f->cancelWriting();
    // QSaveFile's destructor removes the temporary of an uncommitted file.
}

void AtomicFileSet::add(const QString& path, const QByteArray& bytes)
{
    if (isSpecial(path))
        fail(path, QStringLiteral("is not a regular file"));
    auto f = std::make_shared<QSaveFile>(path);
    writeTemporary(*f, path, bytes);
    m_files << f;
}

void AtomicFileSet::commit()
{
    for (const auto& f : m_files)
        if (!f->commit())
            fail(f->fileName(), f->errorString());
    m_files.clear();
}

void checkImageBytes(const QString& path, const QString& suffix, const QByteArray& bytes)
{
    bool ok = false;
    if (suffix == QLatin1String("png"))
        ok = bytes.startsWith("\x89PNG\r\n\x1a\n") && bytes.right(12).contains("IEND");
    else if (suffix == QLatin1String("svg"))
        ok = bytes.contains("<svg") && bytes.trimmed().endsWith("</svg>");
    else if (suffix == QLatin1String("pdf"))
        ok = bytes.startsWith("%PDF-") && bytes.right(32).contains("%%EOF");
    if (!ok)
        throw WriteError(QString(path + QStringLiteral(": the %1 renderer produced an incomplete file (%2 bytes)")
                                             .arg(suffix.toUpper())
                                             .arg(bytes.size()))
                                     .toStdString());
}

} // namespace shardscope
