// SPDX-License-Identifier: MIT
#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

#include <memory>
#include <stdexcept>

class QSaveFile;

namespace shardscope {

/// A file or stream could not be written (full disk, no permission, a renderer that failed): the
/// command line reports it as "shardscope: PATH: cannot write: REASON" with exit code 1, not as an
/// internal error, since nothing is wrong with the program or the input.
class WriteError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

/**
 * Writes `bytes` to `path` so that a failure (full disk, no permission) keeps the previous file:
 * the bytes go to a temporary beside it (QSaveFile), unbuffered, are flushed and checked, and only
 * then renamed over the target. A target that exists and is not a regular file (a pipe, /dev/full,
 * reached through a symlink or not) is written directly and every write is checked. Throws
 * WriteError "PATH: cannot write: REASON" on any failure.
 */
void writeFileAtomically(const QString& path, const QByteArray& bytes);

/**
 * Several files that appear together or not at all (an export bundle): add() writes each to its
 * temporary at once (so a full disk shows before anything is renamed); commit() renames them all.
 * Destroyed without commit() (or after a throw), every temporary is removed and no target changes.
 */
class AtomicFileSet
{
public:
    AtomicFileSet();
    ~AtomicFileSet();
    AtomicFileSet(const AtomicFileSet&) = delete;
    AtomicFileSet& operator=(const AtomicFileSet&) = delete;

    /// Writes `bytes` to a temporary for `path`; throws WriteError on failure.
    void add(const QString& path, const QByteArray& bytes);
    /// Renames every temporary over its target; throws WriteError if a rename fails.
    void commit();

private:
    QList<std::shared_ptr<QSaveFile>> m_files;
};

/// Checks that `bytes` look like a complete file of the format (png, svg, pdf: signature and end
/// marker); throws WriteError naming `path` if not (a renderer that stopped half-way).
void checkImageBytes(const QString& path, const QString& suffix, const QByteArray& bytes);

} // namespace shardscope
