//! The part of the language server that stands alone, as a library for
//! the fuzz targets (`fuzz/`): the framing of the editor's messages.

pub mod framing;
