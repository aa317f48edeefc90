/**
 * Why a file could not be read or written, in a few words. Node's own
 * messages repeat the path and name the system call (`EACCES: permission
 * denied, open 'x.jsonl'`), after a line that already names the file.
 */

const READ_REASONS: Readonly<Record<string, string>> = {
  ENOENT: 'no such file',
  EISDIR: 'is a directory',
  ENOTDIR: 'a directory on its path is a file',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ELOOP: 'too many symbolic links on its path',
  ENAMETOOLONG: 'its name is too long',
  EIO: 'the device reported an I/O error',
};

const WRITE_REASONS: Readonly<Record<string, string>> = {
  ENOENT: 'its directory does not exist',
  ENOTDIR: 'a directory on its path is a file',
  EISDIR: 'is a directory',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  EIO: 'the device reported an I/O error',
};

function reasonOf(err: NodeJS.ErrnoException, reasons: Readonly<Record<string, string>>): string {
  return (err.code !== undefined ? reasons[err.code] : undefined) ?? err.message;
}

/**
 * Why `file` cannot be read. Node decodes its arguments as UTF-8 and puts
 * U+FFFD for bytes that are not, so a file whose name holds such bytes
 * cannot be opened under the name Seqscope receives: "no such file" alone
 * would deny a file the user can see.
 */
export function readErrorReason(err: NodeJS.ErrnoException, file: string): string {
  const reason = reasonOf(err, READ_REASONS);
  if (err.code !== 'ENOENT' || !file.includes('\uFFFD')) return reason;
  return `${reason} (if its name has bytes that are not UTF-8, Node cannot open it by that name: rename it, or give it as standard input, \`seqscope check - < FILE\`)`;
}

/** Why a file (the report) or standard output cannot be written. */
export function writeErrorReason(err: NodeJS.ErrnoException): string {
  return reasonOf(err, WRITE_REASONS);
}
