//! The C API of a generated program: the types its entry points use, the
//! tables the generic runtime code (`runtime/api.c`, `runtime/driver.c`)
//! works from, the public functions of the header, and the manifest.

use crate::c::scalar::{c_literal, elem_code};
use crate::{Backend, CodegenError};
use opt::ir::{ExternalType, OpaqueKind, Program, Rep, Type, trailing_blocks};
use prim::PrimType;
use serde_json::{Map, Value, json};
use std::fmt::Write as _;

/// The primitive types in the order of the runtime's element codes; they
/// are the first types of every program's table.
const PRIMS: [PrimType; 12] = [
    PrimType::Bool,
    PrimType::I8,
    PrimType::I16,
    PrimType::I32,
    PrimType::I64,
    PrimType::U8,
    PrimType::U16,
    PrimType::U32,
    PrimType::U64,
    PrimType::F16,
    PrimType::F32,
    PrimType::F64,
];

#[derive(Debug, Clone, PartialEq)]
enum Kind {
    Prim(PrimType),
    Array(PrimType, usize),
    Record(Vec<(String, usize)>),
    Sum(Vec<Variant>),
    Opaque,
}

#[derive(Debug, Clone, PartialEq)]
struct Variant {
    name: String,
    payload: Vec<usize>,
    components: Vec<usize>,
}

/// One IR value making up a value of an API type: its element type and
/// rank.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Component {
    element: PrimType,
    rank: usize,
}

impl Component {
    fn of(ty: &Type) -> Component {
        Component {
            element: ty.element(),
            rank: ty.rank(),
        }
    }

    fn element(self) -> PrimType {
        self.element
    }

    fn rank(self) -> usize {
        self.rank
    }
}

/// A type of the API.
#[derive(Debug, Clone, PartialEq)]
struct ApiType {
    /// The name in the manifest and the server protocol.
    name: String,
    kind: Kind,
    /// The IR values making up one of its values.
    components: Vec<Component>,
    /// What follows `futhark_` in its C names (`i32_1d`, `opaque_t`).
    cname: String,
}

struct Entry {
    name: String,
    inputs: Vec<usize>,
    outputs: Vec<usize>,
    input_names: Vec<Option<String>>,
    inputs_unique: Vec<bool>,
    outputs_unique: Vec<bool>,
}

/// The entry points and the types they use.
pub struct Api {
    types: Vec<ApiType>,
    entries: Vec<Entry>,
    /// The program's tuning parameters (`#[param(name)]`).
    tuning_params: Vec<String>,
    /// The first tuning parameter that is a threshold of the compiler's.
    thresholds_from: usize,
}

/// The C element type of the API for a primitive type.
fn c_elem(prim: PrimType) -> &'static str {
    match prim {
        PrimType::Bool => "bool",
        PrimType::I8 => "int8_t",
        PrimType::I16 => "int16_t",
        PrimType::I32 => "int32_t",
        PrimType::I64 => "int64_t",
        PrimType::U8 => "uint8_t",
        PrimType::U16 | PrimType::F16 => "uint16_t",
        PrimType::U32 => "uint32_t",
        PrimType::U64 => "uint64_t",
        PrimType::F32 => "float",
        PrimType::F64 => "double",
    }
}

/// `name` made into a C identifier part: itself when it is one, else
/// its letters and digits (others as `_`) and a hash of it, so that
/// different names stay different.
fn c_ident(name: &str) -> String {
    let valid = !name.is_empty()
        && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
        && !name.as_bytes()[0].is_ascii_digit();
    if valid {
        return name.to_owned();
    }
    // FNV-1a: stable across runs and platforms.
    let mut hash: u32 = 0x811c_9dc5;
    for byte in name.bytes() {
        hash = (hash ^ u32::from(byte)).wrapping_mul(0x0100_0193);
    }
    let cleaned: String = name
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect::<String>()
        .split('_')
        .filter(|part| !part.is_empty())
        .collect::<Vec<_>>()
        .join("_");
    if cleaned.is_empty() {
        format!("h{hash:08x}")
    } else {
        format!("{cleaned}_{hash:08x}")
    }
}

impl Api {
    /// The tuning parameters are these: those of the imperative program,
    /// which adds thresholds of its own (class `threshold`) after the
    /// program's (class `user`).
    pub(crate) fn set_tuning_params(&mut self, names: &[String]) {
        self.thresholds_from = self.tuning_params.len().min(names.len());
        self.tuning_params = names.to_vec();
    }

    /// The API of a program's entry points, at any level of the IR (the
    /// blocks of arrays that functions take and return at the memory
    /// levels are no part of it).
    pub fn new<R: Rep>(program: &Program<R>) -> Result<Api, CodegenError> {
        let mut api = Api {
            tuning_params: program.tuning_params.clone(),
            thresholds_from: program.tuning_params.len(),
            types: PRIMS
                .iter()
                .map(|&prim| ApiType {
                    name: prim.name().to_owned(),
                    kind: Kind::Prim(prim),
                    components: vec![Component {
                        element: prim,
                        rank: 0,
                    }],
                    cname: prim.name().to_owned(),
                })
                .collect(),
            entries: Vec::new(),
        };
        for entry in &program.entry_points {
            let function = program.function(entry.func);
            // The leading parameters are sizes, the leading results the
            // sizes of others: the API shows neither.
            let param_count: usize = entry.params.iter().map(ExternalType::components).sum();
            let result_count: usize = entry.results.iter().map(ExternalType::components).sum();
            let params = &function.params
                [..function.params.len() - trailing_blocks(function.params.iter().map(|p| &p.ty))];
            let ret = &function.ret
                [..function.ret.len() - trailing_blocks(function.ret.iter().map(|(t, _)| t))];
            let param_types: Vec<Component> = params[params.len().saturating_sub(param_count)..]
                .iter()
                .map(|p| Component::of(&p.ty))
                .collect();
            let ret_types: Vec<Component> = ret[ret.len().saturating_sub(result_count)..]
                .iter()
                .map(|(t, _)| Component {
                    element: t.element(),
                    rank: t.rank(),
                })
                .collect();
            let inputs = api.intern_all(&entry.params, &param_types, &entry.name)?;
            let outputs = api.intern_all(&entry.results, &ret_types, &entry.name)?;
            let flag = |flags: &[bool], i: usize| flags.get(i).copied().unwrap_or(false);
            api.entries.push(Entry {
                name: entry.name.clone(),
                input_names: (0..inputs.len())
                    .map(|i| entry.api.param_names.get(i).cloned().flatten())
                    .collect(),
                inputs_unique: (0..inputs.len())
                    .map(|i| flag(&entry.api.params_unique, i))
                    .collect(),
                outputs_unique: (0..outputs.len())
                    .map(|i| flag(&entry.api.results_unique, i))
                    .collect(),
                inputs,
                outputs,
            });
        }
        Ok(api)
    }

    /// Interns the external types, whose components are `components`.
    fn intern_all(
        &mut self,
        types: &[ExternalType],
        components: &[Component],
        entry: &str,
    ) -> Result<Vec<usize>, CodegenError> {
        let total: usize = types.iter().map(ExternalType::components).sum();
        if total != components.len() {
            return Err(CodegenError::internal(format!(
                "entry point `{entry}` has {total} components but its function {}",
                components.len()
            )));
        }
        let mut at = 0;
        let mut out = Vec::new();
        for ty in types {
            let n = ty.components();
            out.push(self.intern(ty, &components[at..at + n])?);
            at += n;
        }
        Ok(out)
    }

    fn intern(
        &mut self,
        ty: &ExternalType,
        components: &[Component],
    ) -> Result<usize, CodegenError> {
        let api_type = match ty {
            ExternalType::Direct { element, rank: 0 } => {
                return Ok(PRIMS.iter().position(|p| p == element).unwrap_or(0));
            }
            ExternalType::Direct { element, rank } => ApiType {
                name: format!("{}{}", "[]".repeat(*rank), element.name()),
                kind: Kind::Array(*element, *rank),
                components: components.to_vec(),
                cname: format!("{}_{rank}d", element.name()),
            },
            ExternalType::Opaque { name, kind, .. } => {
                let kind = match kind {
                    // `()` has no fields to make it from or project: C
                    // has no empty parameter lists or arrays.
                    OpaqueKind::Record(fields) if fields.is_empty() => Kind::Opaque,
                    OpaqueKind::Record(fields) => {
                        let mut at = 0;
                        let mut interned = Vec::new();
                        for (field, field_ty) in fields {
                            let n = field_ty.components();
                            let slice = components.get(at..at + n).ok_or_else(|| {
                                CodegenError::internal(format!(
                                    "the fields of `{name}` do not fit it"
                                ))
                            })?;
                            interned.push((field.clone(), self.intern(field_ty, slice)?));
                            at += n;
                        }
                        Kind::Record(interned)
                    }
                    OpaqueKind::Sum(variants) => {
                        let mut interned = Vec::new();
                        for variant in variants {
                            let slots: Vec<Component> = variant
                                .components
                                .iter()
                                .map(|&c| {
                                    components.get(c).copied().ok_or_else(|| {
                                        CodegenError::internal(format!(
                                            "a variant of `{name}` does not fit it"
                                        ))
                                    })
                                })
                                .collect::<Result<_, _>>()?;
                            let mut payload = Vec::new();
                            let mut at = 0;
                            for payload_ty in &variant.payload {
                                let n = payload_ty.components();
                                let slice = slots.get(at..at + n).ok_or_else(|| {
                                    CodegenError::internal(format!(
                                        "a variant of `{name}` does not fit it"
                                    ))
                                })?;
                                payload.push(self.intern(payload_ty, slice)?);
                                at += n;
                            }
                            interned.push(Variant {
                                name: variant.name.clone(),
                                payload,
                                components: variant.components.clone(),
                            });
                        }
                        Kind::Sum(interned)
                    }
                    OpaqueKind::Other => Kind::Opaque,
                };
                ApiType {
                    name: name.clone(),
                    kind,
                    components: components.to_vec(),
                    cname: format!("opaque_{}", c_ident(name)),
                }
            }
        };
        if let Some(i) = self.types.iter().position(|t| *t == api_type) {
            return Ok(i);
        }
        // Two different types written with one name (abbreviations in
        // different modules): the later one gets a numbered name.
        let mut api_type = api_type;
        let base = api_type.name.clone();
        let mut n = 1;
        while self.types.iter().any(|t| t.name == api_type.name) {
            n += 1;
            api_type.name = format!("{base}#{n}");
            api_type.cname = format!("opaque_{}", c_ident(&api_type.name));
        }
        self.types.push(api_type);
        Ok(self.types.len() - 1)
    }

    fn is_prim(&self, ty: usize) -> bool {
        matches!(self.types[ty].kind, Kind::Prim(_))
    }

    /// A parameter declaration receiving a value of the type.
    fn in_param(&self, ty: usize, name: &str) -> String {
        match &self.types[ty].kind {
            Kind::Prim(prim) => format!("const {} {name}", c_elem(*prim)),
            _ => format!("const struct futhark_{} *{name}", self.types[ty].cname),
        }
    }

    /// A parameter declaration where a value of the type is stored.
    fn out_param(&self, ty: usize, name: &str) -> String {
        match &self.types[ty].kind {
            Kind::Prim(prim) => format!("{} *{name}", c_elem(*prim)),
            _ => format!("struct futhark_{} **{name}", self.types[ty].cname),
        }
    }

    fn entry_cname(entry: &Entry) -> String {
        format!("futhark_entry_{}", c_ident(&entry.name))
    }

    /// The public declarations (the header's contents, without guards).
    fn declarations(&self) -> Vec<String> {
        let mut out = Vec::new();
        for ty in &self.types {
            let c = &ty.cname;
            let s = format!("struct futhark_{c}");
            match &ty.kind {
                Kind::Prim(_) => {}
                Kind::Array(prim, rank) => {
                    let dims: Vec<String> = (0..*rank).map(|d| format!("int64_t dim{d}")).collect();
                    let idx: Vec<String> = (0..*rank).map(|d| format!("int64_t i{d}")).collect();
                    let e = c_elem(*prim);
                    out.push(format!("{s};"));
                    out.push(format!(
                        "{s} *futhark_new_{c}(struct futhark_context *ctx, const {e} *data, {})",
                        dims.join(", ")
                    ));
                    out.push(format!(
                        "{s} *futhark_new_raw_{c}(struct futhark_context *ctx, char *data, {})",
                        dims.join(", ")
                    ));
                    out.push(format!(
                        "int futhark_free_{c}(struct futhark_context *ctx, {s} *arr)"
                    ));
                    out.push(format!(
                        "int futhark_values_{c}(struct futhark_context *ctx, {s} *arr, {e} *data)"
                    ));
                    out.push(format!(
                        "char *futhark_values_raw_{c}(struct futhark_context *ctx, {s} *arr)"
                    ));
                    out.push(format!(
                        "const int64_t *futhark_shape_{c}(struct futhark_context *ctx, {s} *arr)"
                    ));
                    out.push(format!("int futhark_index_{c}(struct futhark_context *ctx, {e} *out, {s} *arr, {})", idx.join(", ")));
                }
                Kind::Record(_) | Kind::Sum(_) | Kind::Opaque => {
                    out.push(format!("{s};"));
                    out.push(format!(
                        "int futhark_free_{c}(struct futhark_context *ctx, {s} *obj)"
                    ));
                    out.push(format!("int futhark_store_{c}(struct futhark_context *ctx, const {s} *obj, void **p, size_t *n)"));
                    out.push(format!(
                        "{s} *futhark_restore_{c}(struct futhark_context *ctx, const void *p)"
                    ));
                }
            }
            if let Kind::Record(fields) = &ty.kind {
                let params: Vec<String> = fields
                    .iter()
                    .enumerate()
                    .map(|(i, (_, f))| self.in_param(*f, &format!("v{i}")))
                    .collect();
                out.push(format!(
                    "int futhark_new_{c}(struct futhark_context *ctx, {s} **out, {})",
                    params.join(", ")
                ));
                for (field, f) in fields {
                    out.push(format!(
                            "int futhark_project_{c}_{}(struct futhark_context *ctx, {}, const {s} *obj)",
                            c_ident(field),
                            self.out_param(*f, "out")
                        ));
                }
            }
            if let Kind::Sum(variants) = &ty.kind {
                out.push(format!(
                    "int futhark_variant_{c}(struct futhark_context *ctx, const {s} *v)"
                ));
                for variant in variants {
                    let v = c_ident(&variant.name);
                    let mut params = vec![
                        "struct futhark_context *ctx".to_owned(),
                        format!("{s} **out"),
                    ];
                    params.extend(
                        variant
                            .payload
                            .iter()
                            .enumerate()
                            .map(|(i, p)| self.in_param(*p, &format!("v{i}"))),
                    );
                    out.push(format!("int futhark_new_{c}_{v}({})", params.join(", ")));
                    let mut params = vec!["struct futhark_context *ctx".to_owned()];
                    params.extend(
                        variant
                            .payload
                            .iter()
                            .enumerate()
                            .map(|(i, p)| self.out_param(*p, &format!("v{i}"))),
                    );
                    params.push(format!("const {s} *obj"));
                    out.push(format!(
                        "int futhark_destruct_{c}_{v}({})",
                        params.join(", ")
                    ));
                }
            }
        }
        for entry in &self.entries {
            let mut params = vec!["struct futhark_context *ctx".to_owned()];
            params.extend(
                entry
                    .outputs
                    .iter()
                    .enumerate()
                    .map(|(i, t)| self.out_param(*t, &format!("out{i}"))),
            );
            params.extend(
                entry
                    .inputs
                    .iter()
                    .enumerate()
                    .map(|(i, t)| self.in_param(*t, &format!("in{i}"))),
            );
            out.push(format!(
                "int {}({})",
                Self::entry_cname(entry),
                params.join(", ")
            ));
        }
        out
    }

    /// The header file: the context API and the program's functions.
    pub fn header(&self, backend: Backend) -> String {
        let mut out = HEADER_START
            .replace("BACKEND_DESCRIPTION", backend.description())
            .replace("BACKEND_NAME", backend.name());
        match backend {
            Backend::C => {}
            Backend::Multicore => out.push_str(
                "void futhark_context_config_set_num_threads(struct futhark_context_config *cfg, int n);\n",
            ),
            Backend::OpenCl => out.push_str(
                "void futhark_context_config_set_platform(struct futhark_context_config *cfg, const char *s);\n\
                 void futhark_context_config_set_device(struct futhark_context_config *cfg, const char *s);\n\
                 void futhark_context_config_add_build_option(struct futhark_context_config *cfg, const char *opt);\n\
                 void futhark_context_config_load_program_from(struct futhark_context_config *cfg, const char *path);\n\
                 int futhark_context_config_dump_program_to(struct futhark_context_config *cfg, const char *path);\n\
                 void futhark_context_config_set_default_thread_block_size(struct futhark_context_config *cfg, int size);\n\
                 void futhark_context_config_set_default_group_size(struct futhark_context_config *cfg, int size);\n\
                 void futhark_context_config_set_default_grid_size(struct futhark_context_config *cfg, int num);\n\
                 void futhark_context_config_set_default_num_groups(struct futhark_context_config *cfg, int num);\n",
            ),
        }
        for decl in self.declarations() {
            if decl.ends_with(';') {
                out.push('\n');
                out.push_str(&decl);
                out.push('\n');
            } else {
                out.push_str(&decl);
                out.push_str(";\n");
            }
        }
        out.push_str(HEADER_END);
        out
    }

    /// The tables `fut_types` and `fut_entries`.
    pub fn tables(&self, out: &mut String) {
        let ints = |out: &mut String, name: &str, values: &[String]| -> String {
            if values.is_empty() {
                return "NULL".to_owned();
            }
            let _ = writeln!(
                out,
                "static const int {name}[] = {{{}}};",
                values.join(", ")
            );
            name.to_owned()
        };
        let mut rows = Vec::new();
        for (t, ty) in self.types.iter().enumerate() {
            let elems: Vec<String> = ty
                .components
                .iter()
                .map(|c| elem_code(c.element()).to_owned())
                .collect();
            let ranks: Vec<String> = ty.components.iter().map(|c| c.rank().to_string()).collect();
            let ce = ints(out, &format!("tc_elem_{t}"), &elems);
            let cr = ints(out, &format!("tc_rank_{t}"), &ranks);
            let (kind, elem, rank) = match &ty.kind {
                Kind::Prim(p) => ("K_PRIM", elem_code(*p), 0),
                Kind::Array(p, r) => ("K_ARRAY", elem_code(*p), *r),
                Kind::Record(_) => ("K_RECORD", "0", 0),
                Kind::Sum(_) => ("K_SUM", "0", 0),
                Kind::Opaque => ("K_OPAQUE", "0", 0),
            };
            let (nfields, fnames, ftypes) = match &ty.kind {
                Kind::Record(fields) => {
                    let names: Vec<String> = fields.iter().map(|(n, _)| c_literal(n)).collect();
                    let _ = writeln!(
                        out,
                        "static const char *const tf_names_{t}[] = {{{}}};",
                        names.join(", ")
                    );
                    let types: Vec<String> = fields.iter().map(|(_, f)| f.to_string()).collect();
                    let ft = ints(out, &format!("tf_types_{t}"), &types);
                    (fields.len(), format!("tf_names_{t}"), ft)
                }
                _ => (0, "NULL".to_owned(), "NULL".to_owned()),
            };
            let (nvariants, variants) = match &ty.kind {
                Kind::Sum(variants) => {
                    let mut entries = Vec::new();
                    for (v, variant) in variants.iter().enumerate() {
                        let payload: Vec<String> =
                            variant.payload.iter().map(usize::to_string).collect();
                        let p = ints(out, &format!("tv_payload_{t}_{v}"), &payload);
                        let comps: Vec<String> =
                            variant.components.iter().map(usize::to_string).collect();
                        let c = ints(out, &format!("tv_comps_{t}_{v}"), &comps);
                        entries.push(format!(
                            "{{{}, {}, {p}, {c}}}",
                            c_literal(&variant.name),
                            variant.payload.len()
                        ));
                    }
                    let _ = writeln!(
                        out,
                        "static const fut_variant tv_{t}[] = {{{}}};",
                        entries.join(", ")
                    );
                    (variants.len(), format!("tv_{t}"))
                }
                _ => (0, "NULL".to_owned()),
            };
            rows.push(format!(
                "  {{{}, {kind}, {elem}, {rank}, {}, {ce}, {cr}, {nfields}, {fnames}, {ftypes}, {nvariants}, {variants}}}",
                c_literal(&ty.name),
                ty.components.len()
            ));
        }
        let _ = writeln!(
            out,
            "FUT_LINK const int fut_num_types = {};",
            self.types.len()
        );
        let names: Vec<String> = self.tuning_params.iter().map(|n| c_literal(n)).collect();
        let classes: String = (0..names.len())
            .map(|k| {
                if k < self.thresholds_from {
                    "\"user\", "
                } else {
                    "\"threshold\", "
                }
            })
            .collect();
        let _ = writeln!(
            out,
            "FUT_LINK const int fut_num_tuning = {};\nFUT_LINK const char *const fut_tuning_names[] = {{{}NULL}};\nFUT_LINK const char *const fut_tuning_classes[] = {{{classes}NULL}};",
            names.len(),
            names.iter().map(|n| format!("{n}, ")).collect::<String>()
        );
        let _ = writeln!(
            out,
            "FUT_LINK const fut_type fut_types[] = {{\n{}\n}};",
            rows.join(",\n")
        );
        let mut rows = Vec::new();
        for (k, entry) in self.entries.iter().enumerate() {
            let list = |v: &[usize]| v.iter().map(usize::to_string).collect::<Vec<_>>();
            let flags = |v: &[bool]| {
                v.iter()
                    .map(|&b| u8::from(b).to_string())
                    .collect::<Vec<_>>()
            };
            let it = ints(out, &format!("ei_types_{k}"), &list(&entry.inputs));
            let iu = ints(out, &format!("ei_unique_{k}"), &flags(&entry.inputs_unique));
            let ot = ints(out, &format!("eo_types_{k}"), &list(&entry.outputs));
            let ou = ints(
                out,
                &format!("eo_unique_{k}"),
                &flags(&entry.outputs_unique),
            );
            let comps =
                |v: &[usize]| -> usize { v.iter().map(|&t| self.types[t].components.len()).sum() };
            rows.push(format!(
                "  {{{}, {}, {}, {it}, {iu}, {ot}, {ou}, {}, {}, entry_run_{k}}}",
                c_literal(&entry.name),
                entry.inputs.len(),
                entry.outputs.len(),
                comps(&entry.inputs),
                comps(&entry.outputs)
            ));
        }
        // A last, empty row: C has no empty arrays.
        rows.push("  {NULL, 0, 0, NULL, NULL, NULL, NULL, 0, 0, NULL}".to_owned());
        let _ = writeln!(
            out,
            "FUT_LINK const int fut_num_entries = {};",
            self.entries.len()
        );
        let _ = writeln!(
            out,
            "FUT_LINK const char fut_compiler[] = \"futc {}\";",
            env!("CARGO_PKG_VERSION")
        );
        let _ = writeln!(
            out,
            "FUT_LINK const fut_entry fut_entries[] = {{\n{}\n}};",
            rows.join(",\n")
        );
    }

    /// The public functions, each a call of the generic implementation.
    pub fn definitions(&self, out: &mut String) {
        let decls = self.declarations();
        let mut decls = decls.into_iter().filter(|d| !d.ends_with(';'));
        for (t, ty) in self.types.iter().enumerate() {
            match &ty.kind {
                Kind::Prim(_) => {}
                Kind::Array(_, rank) => {
                    let dims: Vec<String> = (0..*rank).map(|d| format!("dim{d}")).collect();
                    let idx: Vec<String> = (0..*rank).map(|d| format!("i{d}")).collect();
                    let bodies = [
                        format!(
                            "int64_t shape[] = {{{}}}; return (void *)fut_new_array(ctx, {t}, data, shape, 0);",
                            dims.join(", ")
                        ),
                        format!(
                            "int64_t shape[] = {{{}}}; return (void *)fut_new_array(ctx, {t}, data, shape, 1);",
                            dims.join(", ")
                        ),
                        "return fut_free(ctx, (fut_obj *)arr);".to_owned(),
                        "return fut_values(ctx, (const fut_obj *)arr, data);".to_owned(),
                        "(void)ctx; return fut_values_raw((const fut_obj *)arr);".to_owned(),
                        "(void)ctx; return fut_shape((const fut_obj *)arr);".to_owned(),
                        format!(
                            "int64_t index[] = {{{}}}; return fut_index(ctx, out, (const fut_obj *)arr, index);",
                            idx.join(", ")
                        ),
                    ];
                    for body in bodies {
                        emit(out, decls.next(), &body);
                    }
                }
                Kind::Record(_) | Kind::Sum(_) | Kind::Opaque => {
                    emit(out, decls.next(), "return fut_free(ctx, (fut_obj *)obj);");
                    emit(
                        out,
                        decls.next(),
                        "return fut_store(ctx, (const fut_obj *)obj, p, n);",
                    );
                    emit(
                        out,
                        decls.next(),
                        &format!("return (void *)fut_restore(ctx, {t}, p);"),
                    );
                }
            }
            if let Kind::Record(fields) = &ty.kind {
                let args: Vec<String> = fields
                    .iter()
                    .enumerate()
                    .map(|(i, (_, f))| {
                        if self.is_prim(*f) {
                            format!("&v{i}")
                        } else {
                            format!("v{i}")
                        }
                    })
                    .collect();
                emit(
                    out,
                    decls.next(),
                    &format!(
                        "const void *fields[] = {{{}}}; return fut_new_record(ctx, {t}, out, fields, 0);",
                        args.join(", ")
                    ),
                );
                for f in 0..fields.len() {
                    emit(
                        out,
                        decls.next(),
                        &format!(
                            "return fut_project(ctx, {t}, {f}, out, (const fut_obj *)obj, 0);"
                        ),
                    );
                }
            }
            if let Kind::Sum(variants) = &ty.kind {
                emit(
                    out,
                    decls.next(),
                    "(void)ctx; return fut_variant_of((const fut_obj *)v);",
                );
                for (v, variant) in variants.iter().enumerate() {
                    let args: Vec<String> = variant
                        .payload
                        .iter()
                        .enumerate()
                        .map(|(i, p)| {
                            if self.is_prim(*p) {
                                format!("&v{i}")
                            } else {
                                format!("v{i}")
                            }
                        })
                        .collect();
                    let args = if args.is_empty() {
                        "NULL".to_owned()
                    } else {
                        args.join(", ")
                    };
                    emit(
                        out,
                        decls.next(),
                        &format!(
                            "const void *payload[] = {{{args}}}; return fut_construct(ctx, {t}, {v}, out, payload, 0);"
                        ),
                    );
                    let outs: Vec<String> = (0..variant.payload.len())
                        .map(|i| format!("v{i}"))
                        .collect();
                    let outs = if outs.is_empty() {
                        "NULL".to_owned()
                    } else {
                        outs.join(", ")
                    };
                    emit(
                        out,
                        decls.next(),
                        &format!(
                            "void *outs[] = {{{outs}}}; return fut_destruct(ctx, {t}, {v}, outs, (const fut_obj *)obj, 0);"
                        ),
                    );
                }
            }
        }
        for (k, entry) in self.entries.iter().enumerate() {
            let outs: Vec<String> = (0..entry.outputs.len())
                .map(|i| format!("out{i}"))
                .collect();
            let ins: Vec<String> = entry
                .inputs
                .iter()
                .enumerate()
                .map(|(i, t)| {
                    if self.is_prim(*t) {
                        format!("&in{i}")
                    } else {
                        format!("in{i}")
                    }
                })
                .collect();
            let outs = if outs.is_empty() {
                "NULL".to_owned()
            } else {
                outs.join(", ")
            };
            let ins = if ins.is_empty() {
                "NULL".to_owned()
            } else {
                ins.join(", ")
            };
            emit(
                out,
                decls.next(),
                &format!(
                    "void *res[] = {{{outs}}}; const void *args[] = {{{ins}}}; return fut_call(ctx, {k}, res, args, 0);"
                ),
            );
        }
    }

    /// The manifest: entry points and types with their C functions.
    pub fn manifest(&self, backend: Backend) -> String {
        let mut entry_points = Map::new();
        for entry in &self.entries {
            let inputs: Vec<Value> = entry
                .inputs
                .iter()
                .enumerate()
                .map(|(i, &t)| {
                    let mut input =
                        json!({"type": self.types[t].name, "unique": entry.inputs_unique[i]});
                    if let Some(name) = &entry.input_names[i] {
                        input["name"] = json!(name);
                    }
                    input
                })
                .collect();
            let outputs: Vec<Value> = entry
                .outputs
                .iter()
                .enumerate()
                .map(|(i, &t)| json!({"type": self.types[t].name, "unique": entry.outputs_unique[i]}))
                .collect();
            entry_points.insert(
                entry.name.clone(),
                json!({
                    "cfun": Self::entry_cname(entry),
                    "inputs": inputs,
                    "outputs": outputs,
                    "tuning_params": self.tuning_params,
                    "attributes": [],
                }),
            );
        }
        let mut types = Map::new();
        for ty in &self.types {
            let c = &ty.cname;
            let ctype = format!("struct futhark_{c} *");
            let value = match &ty.kind {
                Kind::Prim(_) => continue,
                Kind::Array(prim, rank) => json!({
                    "kind": "array",
                    "ctype": ctype,
                    "rank": rank,
                    "elemtype": prim.name(),
                    "ops": {
                        "free": format!("futhark_free_{c}"),
                        "shape": format!("futhark_shape_{c}"),
                        "values": format!("futhark_values_{c}"),
                        "values_raw": format!("futhark_values_raw_{c}"),
                        "new": format!("futhark_new_{c}"),
                        "new_raw": format!("futhark_new_raw_{c}"),
                        "index": format!("futhark_index_{c}"),
                    },
                }),
                Kind::Record(_) | Kind::Sum(_) | Kind::Opaque => {
                    let mut value = json!({
                        "kind": "opaque",
                        "ctype": ctype,
                        "ops": {
                            "free": format!("futhark_free_{c}"),
                            "store": format!("futhark_store_{c}"),
                            "restore": format!("futhark_restore_{c}"),
                        },
                    });
                    if let Kind::Record(fields) = &ty.kind {
                        let fields: Vec<Value> = fields
                            .iter()
                            .map(|(name, f)| {
                                json!({
                                    "name": name,
                                    "type": self.types[*f].name,
                                    "project": format!("futhark_project_{c}_{}", c_ident(name)),
                                })
                            })
                            .collect();
                        value["record"] =
                            json!({"new": format!("futhark_new_{c}"), "fields": fields});
                    }
                    if let Kind::Sum(variants) = &ty.kind {
                        let variants: Vec<Value> = variants
                            .iter()
                            .map(|v| {
                                let payload: Vec<&str> =
                                    v.payload.iter().map(|p| self.types[*p].name.as_str()).collect();
                                json!({
                                    "construct": format!("futhark_new_{c}_{}", c_ident(&v.name)),
                                    "destruct": format!("futhark_destruct_{c}_{}", c_ident(&v.name)),
                                    "payload": payload,
                                })
                            })
                            .collect();
                        value["sum"] = json!({"variant": format!("futhark_variant_{c}"), "variants": variants});
                    }
                    value
                }
            };
            types.insert(ty.name.clone(), value);
        }
        let manifest = json!({
            "backend": backend.name(),
            "version": env!("CARGO_PKG_VERSION"),
            "entry_points": entry_points,
            "types": types,
        });
        let mut text = serde_json::to_string_pretty(&manifest).unwrap_or_default();
        text.push('\n');
        text
    }
}

fn emit(out: &mut String, decl: Option<String>, body: &str) {
    if let Some(decl) = decl {
        let _ = writeln!(out, "{decl} {{ {body} }}");
    }
}

const HEADER_START: &str = r#"/* The C API of a Futhark program compiled by futc (BACKEND_DESCRIPTION). */
#pragma once
#include <stdint.h>
#include <stddef.h>
#include <stdbool.h>
#include <stdio.h>
#ifdef __cplusplus
extern "C" {
#endif
#define FUTHARK_BACKEND_BACKEND_NAME
#define FUTHARK_SUCCESS 0
#define FUTHARK_PROGRAM_ERROR 2
#define FUTHARK_OUT_OF_MEMORY 3

struct futhark_context_config;
struct futhark_context_config *futhark_context_config_new(void);
void futhark_context_config_free(struct futhark_context_config *cfg);
void futhark_context_config_set_debugging(struct futhark_context_config *cfg, int flag);
void futhark_context_config_set_profiling(struct futhark_context_config *cfg, int flag);
void futhark_context_config_set_logging(struct futhark_context_config *cfg, int flag);
int futhark_context_config_set_tuning_param(struct futhark_context_config *cfg, const char *param_name, size_t new_value);
int futhark_get_tuning_param_count(void);
const char *futhark_get_tuning_param_name(int i);
const char *futhark_get_tuning_param_class(int i);
void futhark_context_config_set_cache_file(struct futhark_context_config *cfg, const char *fname);

struct futhark_context;
struct futhark_context *futhark_context_new(struct futhark_context_config *cfg);
void futhark_context_free(struct futhark_context *ctx);
int futhark_context_sync(struct futhark_context *ctx);
char *futhark_context_get_error(struct futhark_context *ctx);
void futhark_context_set_logging_file(struct futhark_context *ctx, FILE *f);
void futhark_context_pause_profiling(struct futhark_context *ctx);
void futhark_context_unpause_profiling(struct futhark_context *ctx);
char *futhark_context_report(struct futhark_context *ctx);
int futhark_context_clear_caches(struct futhark_context *ctx);
"#;

const HEADER_END: &str = r#"
#ifdef __cplusplus
}
#endif
"#;
