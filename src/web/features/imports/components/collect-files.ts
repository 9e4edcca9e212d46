/**
 * The files of a drop: plain files, and the files inside dropped folders (read through
 * webkitGetAsEntry, recursively), each with its path in the drop so rows can tell twins apart.
 */
export interface PickedFile {
  file: File;
  /** "2019/soja/ensaio.pdf" for a file from a folder; its name otherwise. */
  path: string;
}

const fromEntryFile = (entry: FileSystemFileEntry): Promise<File> => new Promise((resolve, reject) => entry.file(resolve, reject));

/** readEntries answers at most ~100 entries per call: call it until it answers none. */
async function readAll(dir: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = dir.createReader();
  const all: FileSystemEntry[] = [];
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (!batch.length) return all;
    all.push(...batch);
  }
}

async function walk(entry: FileSystemEntry, out: PickedFile[]): Promise<void> {
  if (entry.isFile) {
    out.push({ file: await fromEntryFile(entry as FileSystemFileEntry), path: entry.fullPath.replace(/^\//, '') });
  } else if (entry.isDirectory) {
    for (const child of await readAll(entry as FileSystemDirectoryEntry)) await walk(child, out);
  }
}

export async function filesOfDrop(dt: DataTransfer): Promise<PickedFile[]> {
  const entries = Array.from(dt.items)
    .filter((i) => i.kind === 'file')
    .map((i) => ({ entry: typeof i.webkitGetAsEntry === 'function' ? i.webkitGetAsEntry() : null, file: i.getAsFile() }));
  const out: PickedFile[] = [];
  for (const { entry, file } of entries) {
    if (entry) {
      try {
        await walk(entry, out);
        continue;
      } catch {
        // A folder the browser will not list: fall back to the item itself.
      }
    }
    if (file) out.push({ file, path: file.name });
  }
  // Browsers without items (or tests): the plain file list.
  if (!entries.length) for (const file of Array.from(dt.files)) out.push({ file, path: file.name });
  return out;
}

export function filesOfInput(list: FileList | null): PickedFile[] {
  return Array.from(list ?? []).map((file) => ({ file, path: file.webkitRelativePath || file.name }));
}
