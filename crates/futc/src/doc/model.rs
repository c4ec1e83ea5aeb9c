//! What the documentation shows: the pages (one per source file), their
//! declarations with anchors, and where every documented name is, so that
//! signatures and `` `name`@namespace `` references can link to it.

use hir::item_tree::{ItemIdx, ItemKind, ItemSourceMap, ItemTree, ModExpr, SigExpr, SpecKind};
use hir::store::SyntaxPtr;
use hir::{Db, SourceFile};
use std::collections::{HashMap, HashSet};
use syntax::{NodeOrToken, SyntaxKind, SyntaxNode, TextRange};

/// What a declaration declares, which decides its anchor's prefix and the
/// namespace that `` `name`@namespace `` references look it up in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DeclKind {
    Value,
    Type,
    Module,
    ModuleType,
    /// `include` in a module type: shown, but names nothing.
    Include,
}

impl DeclKind {
    /// The word the search and the anchors use.
    pub fn label(self) -> &'static str {
        match self {
            DeclKind::Value => "val",
            DeclKind::Type => "type",
            DeclKind::Module => "module",
            DeclKind::ModuleType => "mtype",
            DeclKind::Include => "include",
        }
    }

    /// The namespace of upstream's `` `name`@namespace `` references:
    /// modules share `term` with values.
    fn namespace(self) -> &'static str {
        match self {
            DeclKind::Value | DeclKind::Module => "term",
            DeclKind::Type => "type",
            DeclKind::ModuleType => "mtype",
            DeclKind::Include => "",
        }
    }
}

/// One declaration on a page.
pub struct Decl {
    pub kind: DeclKind,
    /// The name qualified by the modules and module types it is declared
    /// in, within its file (`Queue.push`).
    pub name: String,
    /// The element id on its page; `None` for an `include`.
    pub anchor: Option<String>,
    pub doc: Option<String>,
    /// The declaration's syntax node and the part of it shown as its
    /// signature.
    pub node: SyntaxNode,
    pub signature: TextRange,
    /// The name's range in the source (what navigation targets focus on).
    pub name_range: Option<TextRange>,
    /// Members: a module's declarations, a module type's specifications.
    pub children: Vec<Decl>,
}

/// The documentation of one source file.
pub struct Page {
    pub file: SourceFile,
    /// The file as the reader knows it: relative to the documented
    /// directory (`lib/queue.fut`), or `prelude/soacs.fut`.
    pub source_name: String,
    /// The page's path in the output directory, with `/` separators.
    pub html_path: String,
    pub prelude: bool,
    /// The file's leading documentation comment.
    pub abstract_doc: Option<String>,
    pub decls: Vec<Decl>,
}

/// A place to link to: a page and an anchor on it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinkTarget {
    pub page: usize,
    pub anchor: String,
}

/// Every page, and the index from definitions to their anchors.
pub struct Site {
    pub pages: Vec<Page>,
    /// Declarations by file and name range, with their whole range.
    anchors: HashMap<SourceFile, Vec<(TextRange, TextRange, LinkTarget)>>,
    /// Declarations by namespace and qualified name.
    by_name: HashMap<(&'static str, String), Vec<LinkTarget>>,
}

/// The files documented: those of the programs rooted at `roots` named
/// relative to `base` (or a directory above it, for imports from
/// outside it), then the prelude's files.
pub fn build_site(
    db: &dyn Db,
    file_set: hir::FileSet,
    roots: &[SourceFile],
    base: &str,
) -> Result<Site, String> {
    let mut files: Vec<SourceFile> = Vec::new();
    for &root in roots {
        for &file in &hir::program(db, file_set, root).files {
            let path = file.path(db);
            if !hir::prelude::is_prelude_path(path) && !files.contains(&file) {
                files.push(file);
            }
        }
    }
    files.sort_by(|a, b| a.path(db).cmp(b.path(db)));
    // Files imported from outside `base` are named from a directory
    // holding them all.
    let mut base = base.trim_end_matches('/').to_owned();
    for file in &files {
        while !file.path(db).starts_with(&format!("{base}/")) {
            match base.rfind('/') {
                Some(slash) => base.truncate(slash),
                None => break,
            }
        }
    }
    let prelude_files = hir::prelude::PRELUDE_FILES
        .iter()
        .filter_map(|(path, _)| file_set.files(db).get(*path).copied());
    let mut pages = Vec::new();
    let mut html_paths: HashMap<String, String> = HashMap::new();
    for file in files.into_iter().chain(prelude_files) {
        let path = file.path(db);
        let prelude = hir::prelude::is_prelude_path(path);
        let source_name = if prelude {
            path.trim_start_matches('/').to_owned()
        } else {
            path.strip_prefix(&format!("{base}/"))
                .unwrap_or(path)
                .to_owned()
        };
        let html_path = format!(
            "{}.html",
            source_name.strip_suffix(".fut").unwrap_or(&source_name)
        );
        let (abstract_doc, decls) = collect_file(db, file);
        // Upstream's convention for files that are not for readers.
        if abstract_doc.as_deref().map(str::trim) == Some("ignore") {
            continue;
        }
        if let Some(other) = html_paths.insert(html_path.clone(), source_name.clone()) {
            return Err(format!(
                "the pages of {other} and {source_name} would both be {html_path} (the prelude's pages are under prelude/)"
            ));
        }
        pages.push(Page {
            file,
            source_name,
            html_path,
            prelude,
            abstract_doc,
            decls,
        });
    }
    let mut site = Site {
        pages,
        anchors: HashMap::new(),
        by_name: HashMap::new(),
    };
    for index in 0..site.pages.len() {
        let file = site.pages[index].file;
        let mut entries = Vec::new();
        let mut names = Vec::new();
        walk_decls(&site.pages[index].decls, &mut |decl| {
            let Some(anchor) = &decl.anchor else { return };
            let target = LinkTarget {
                page: index,
                anchor: anchor.clone(),
            };
            if let Some(name_range) = decl.name_range {
                entries.push((name_range, decl.node.text_range(), target.clone()));
            }
            names.push(((decl.kind.namespace(), decl.name.clone()), target));
        });
        site.anchors.entry(file).or_default().extend(entries);
        for (key, target) in names {
            site.by_name.entry(key).or_default().push(target);
        }
    }
    Ok(site)
}

/// Calls `visit` on every declaration, members after their parent.
pub fn walk_decls(decls: &[Decl], visit: &mut dyn FnMut(&Decl)) {
    for decl in decls {
        visit(decl);
        walk_decls(&decl.children, visit);
    }
}

impl Site {
    /// The documented declaration a navigation target points at: the one
    /// with that name range, else the innermost documented declaration
    /// containing it (a definition inside a module documented by its
    /// module type, say), unless that is `inside`, the declaration being
    /// shown (a type parameter of it).
    pub fn link_for(&self, target: &hir::ide::NavTarget, inside: TextRange) -> Option<LinkTarget> {
        let entries = self.anchors.get(&target.file)?;
        if let Some((_, _, link)) = entries
            .iter()
            .find(|(name, ..)| *name == target.focus_range)
        {
            return Some(link.clone());
        }
        entries
            .iter()
            .filter(|(_, whole, _)| whole.contains_range(target.full_range))
            .filter(|(_, whole, _)| !inside.contains_range(*whole))
            .min_by_key(|(_, whole, _)| whole.len())
            .map(|(.., link)| link.clone())
    }

    /// The declaration an upstream-style reference `` `name`@namespace ``
    /// on page `from` names, written in the modules and module types
    /// `scope` (`a.b.`): `name` qualified by `a.b.`, `a.` or nothing, the
    /// first found; on page `from` (where the reference is, or the file
    /// it names) if there is one there, else the first documented
    /// anywhere.
    pub fn link_for_reference(
        &self,
        namespace: &str,
        name: &str,
        from: usize,
        scope: &str,
    ) -> Option<LinkTarget> {
        let namespace = namespace_key(namespace)?;
        let qualifiers = scope
            .match_indices('.')
            .map(|(dot, _)| &scope[..=dot])
            .rev()
            .chain([""]);
        qualifiers
            .filter_map(|qualifier| self.by_name.get(&(namespace, format!("{qualifier}{name}"))))
            .find_map(|targets| {
                targets
                    .iter()
                    .find(|t| t.page == from)
                    .or_else(|| targets.first())
            })
            .cloned()
    }
}

fn namespace_key(namespace: &str) -> Option<&'static str> {
    ["term", "type", "mtype"]
        .into_iter()
        .find(|known| *known == namespace)
}

/// The file's abstract and its declarations.
fn collect_file(db: &dyn Db, file: SourceFile) -> (Option<String>, Vec<Decl>) {
    let (tree, map) = hir::item_tree::item_tree_with_source_map(db, file);
    let root = hir::parse(db, file).syntax_node();
    let mut collector = Collector {
        tree: &tree,
        map: &map,
        root: &root,
        anchors: HashSet::new(),
    };
    let abstract_doc = file_abstract(&root);
    let mut decls = collector.items(&tree.top_level, "");
    // The abstract is in the first declaration's leading comments, which
    // the item tree counts as that declaration's documentation unless
    // another `-- |` follows it.
    if let (Some(abstract_text), Some(first)) = (&abstract_doc, decls.first_mut())
        && first.node.text_range().start() == first_decl_start(&root)
        && first
            .doc
            .as_deref()
            .is_some_and(|doc| doc.starts_with(abstract_text.as_str()))
    {
        first.doc = None;
    }
    (abstract_doc, decls)
}

/// Where the file's first declaration starts, with its leading comments.
fn first_decl_start(root: &SyntaxNode) -> syntax::TextSize {
    root.children()
        .next()
        .map_or(root.text_range().end(), |n| n.text_range().start())
}

/// The file's abstract: a `-- |` comment at the start of the file that is
/// followed by a blank line (one directly above a declaration documents
/// that declaration).
fn file_abstract(root: &SyntaxNode) -> Option<String> {
    let tokens = root
        .descendants_with_tokens()
        .filter_map(NodeOrToken::into_token)
        .take_while(|t| t.kind().is_trivia());
    let mut lines: Vec<String> = Vec::new();
    let mut started = false;
    for token in tokens {
        match token.kind() {
            SyntaxKind::DOC_COMMENT if !started => {
                started = true;
                lines.push(token.text()[4..].trim_start().to_owned());
            }
            SyntaxKind::COMMENT if started => {
                let text = &token.text()[2..];
                lines.push(text.strip_prefix(' ').unwrap_or(text).to_owned());
            }
            SyntaxKind::WHITESPACE if started && token.text().matches('\n').count() >= 2 => {
                return Some(lines.join("\n"));
            }
            SyntaxKind::WHITESPACE => {}
            _ => return None,
        }
    }
    // A file holding nothing but its abstract.
    started.then(|| lines.join("\n"))
}

/// How much of a declaration its signature shows.
#[derive(Clone, Copy)]
enum Shown {
    /// All of it.
    Whole,
    /// Up to its `=` (a definition's body is not shown).
    BeforeEquals,
    /// Up to its name (its members are shown instead).
    ThroughName,
}

struct Collector<'a> {
    tree: &'a ItemTree,
    map: &'a ItemSourceMap,
    root: &'a SyntaxNode,
    anchors: HashSet<String>,
}

impl Collector<'_> {
    fn items(&mut self, items: &[ItemIdx], prefix: &str) -> Vec<Decl> {
        let mut decls = Vec::new();
        for &idx in items {
            let item = self.tree.item(idx);
            if item.local {
                continue;
            }
            let Some(name) = item.name() else { continue };
            let name = format!("{prefix}{name}");
            let ptr = self.map.item(idx);
            let decl = match &item.kind {
                ItemKind::Value(_) => {
                    self.decl(ptr, DeclKind::Value, name, &item.doc, Shown::BeforeEquals)
                }
                ItemKind::Type(_) => self.decl(ptr, DeclKind::Type, name, &item.doc, Shown::Whole),
                ItemKind::Module(module) => {
                    // A module with a module type is documented by it;
                    // otherwise by the declarations of its body.
                    let body = match module.sig {
                        None => struct_body(&module.body, false),
                        Some(_) => None,
                    };
                    let shown = if struct_body(&module.body, true).is_some() {
                        Shown::BeforeEquals
                    } else {
                        Shown::Whole
                    };
                    let mut decl = self.decl(ptr, DeclKind::Module, name.clone(), &item.doc, shown);
                    if let (Some(decl), Some(body)) = (decl.as_mut(), body) {
                        let members = self.tree.struct_data(body).items.clone();
                        decl.children = self.items(&members, &format!("{name}."));
                    }
                    decl
                }
                ItemKind::ModuleType(module_type) => {
                    let shown = match module_type.sig {
                        SigExpr::Specs(_) => Shown::BeforeEquals,
                        _ => Shown::Whole,
                    };
                    let mut decl =
                        self.decl(ptr, DeclKind::ModuleType, name.clone(), &item.doc, shown);
                    if let Some(decl) = decl.as_mut() {
                        decl.children = self.specs(&module_type.sig, &format!("{name}."));
                    }
                    decl
                }
                ItemKind::Open(_) | ItemKind::Import(_) => None,
            };
            decls.extend(decl);
        }
        decls
    }

    /// The specifications of a module type written as `{ ... }`.
    fn specs(&mut self, sig: &SigExpr, prefix: &str) -> Vec<Decl> {
        let SigExpr::Specs(specs) = sig else {
            return Vec::new();
        };
        let mut decls = Vec::new();
        for &idx in specs {
            let spec = self.tree.spec(idx);
            let ptr = self.map.specs[idx.0 as usize];
            let decl = match &spec.kind {
                SpecKind::Val {
                    name: Some(name), ..
                } => self.decl(
                    ptr,
                    DeclKind::Value,
                    format!("{prefix}{name}"),
                    &spec.doc,
                    Shown::Whole,
                ),
                SpecKind::Type(ty) => match &ty.name {
                    Some(name) => self.decl(
                        ptr,
                        DeclKind::Type,
                        format!("{prefix}{name}"),
                        &spec.doc,
                        Shown::Whole,
                    ),
                    None => None,
                },
                SpecKind::Module {
                    name: Some(name),
                    sig,
                } => {
                    let name = format!("{prefix}{name}");
                    let shown = match sig {
                        SigExpr::Specs(_) => Shown::ThroughName,
                        _ => Shown::Whole,
                    };
                    let mut decl = self.decl(ptr, DeclKind::Module, name.clone(), &spec.doc, shown);
                    if let Some(decl) = decl.as_mut() {
                        decl.children = self.specs(sig, &format!("{name}."));
                    }
                    decl
                }
                SpecKind::Include(_) => self.decl(
                    ptr,
                    DeclKind::Include,
                    String::new(),
                    &spec.doc,
                    Shown::Whole,
                ),
                SpecKind::Val { name: None, .. } | SpecKind::Module { name: None, .. } => None,
            };
            decls.extend(decl);
        }
        decls
    }

    fn decl(
        &mut self,
        ptr: SyntaxPtr,
        kind: DeclKind,
        name: String,
        doc: &Option<String>,
        shown: Shown,
    ) -> Option<Decl> {
        let node = ptr.to_node(self.root)?;
        let name_node = node.children().find(|n| n.kind() == SyntaxKind::NAME);
        let start = node
            .children_with_tokens()
            .find(|e| !e.kind().is_trivia() && e.kind() != SyntaxKind::ATTRIBUTE)?
            .text_range()
            .start();
        let name_end = name_node.as_ref().map(|n| n.text_range().end());
        let end = match shown {
            Shown::Whole => None,
            Shown::BeforeEquals => node
                .children_with_tokens()
                .find(|e| {
                    e.kind() == SyntaxKind::EQ
                        && name_end.is_none_or(|end| e.text_range().start() >= end)
                })
                .map(|e| e.text_range().start()),
            Shown::ThroughName => name_end,
        }
        .unwrap_or(node.text_range().end());
        let anchor = (kind != DeclKind::Include).then(|| self.anchor(kind, &name));
        Some(Decl {
            kind,
            name,
            anchor,
            doc: doc.clone(),
            signature: TextRange::new(start, end.max(start)),
            name_range: name_node.map(|n| n.text_range()),
            node,
            children: Vec::new(),
        })
    }

    /// A unique id on the page, readable for ordinary names: the kind
    /// and the qualified name, other characters (operators) as their
    /// code points.
    fn anchor(&mut self, kind: DeclKind, name: &str) -> String {
        let mut id = format!("{}-", kind.label());
        for c in name.chars() {
            if c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '\'') {
                id.push(c);
            } else {
                id.push_str(&format!("-{:x}", u32::from(c)));
            }
        }
        let mut unique = id.clone();
        let mut count = 1;
        while !self.anchors.insert(unique.clone()) {
            count += 1;
            unique = format!("{id}-{count}");
        }
        unique
    }
}

/// The struct a module's body is, through its parameters, and through
/// module type ascriptions if `ascribed`.
fn struct_body(body: &ModExpr, ascribed: bool) -> Option<hir::item_tree::StructIdx> {
    match body {
        ModExpr::Struct(s) => Some(*s),
        ModExpr::Lambda {
            sig: None, body, ..
        } => struct_body(body, ascribed),
        ModExpr::Lambda { body, .. } | ModExpr::Ascription(body, _) if ascribed => {
            struct_body(body, true)
        }
        _ => None,
    }
}
