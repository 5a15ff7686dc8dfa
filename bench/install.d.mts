/** Types of bench/install.mjs, for the test that imports it. */

/** The ceiling of the install closure, bytes unpacked (issue 29's target, 1.2 MB). */
export declare const INSTALL_LIMIT: number

/** What `npm pack` would put in the tarball: the unpacked size and each file with its size. */
export declare function packed(): { unpackedSize: number; files: { path: string; size: number }[] }

/** One line for `npm run bench`: the size, the file count and the share of each kind of file. */
export declare function describeInstall(pack: { unpackedSize: number; files: { path: string; size: number }[] }): string
