//! The HTML of the documentation: a page per source file, the index, the
//! search index and the script and style sheet they share.

use super::model::{Decl, LinkTarget, Page, Site, walk_decls};
use hir::{Db, FileSet};
use pulldown_cmark::{CowStr, Event, Options, Parser, Tag, TagEnd};
use std::fmt::Write as _;
use syntax::ast::AstNode;
use syntax::{NodeOrToken, SyntaxKind};

/// What rendering needs: the checked program and its pages.
pub struct Renderer<'a> {
    pub db: &'a dyn Db,
    pub file_set: FileSet,
    pub site: &'a Site,
    /// The documented directory's name, for the index's title.
    pub title: String,
    /// References in documentation that name nothing documented, as
    /// `(page, reference)`.
    pub unresolved: Vec<(usize, String)>,
}

/// `text` escaped for HTML text and double-quoted attributes.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// A relative path as a URL's path: bytes other than letters, digits,
/// `/` and `-._~` percent-encoded (file names may hold spaces or `#`).
fn encode_path(path: &str) -> String {
    let mut encoded = String::with_capacity(path.len());
    for byte in path.bytes() {
        if byte.is_ascii_alphanumeric() || b"/-._~".contains(&byte) {
            encoded.push(char::from(byte));
        } else {
            let _ = write!(encoded, "%{byte:02X}");
        }
    }
    encoded
}

/// The prefix that leads from the page at `html_path` to the output
/// directory (`../` per directory it is in).
fn root_prefix(html_path: &str) -> String {
    "../".repeat(html_path.matches('/').count())
}

const STYLE: &str = include_str!("style.css");
const SEARCH_SCRIPT: &str = include_str!("search.js");

impl Renderer<'_> {
    /// Every file of the output directory: its path and contents.
    pub fn files(&mut self) -> Vec<(String, String)> {
        let mut files = vec![
            ("style.css".to_owned(), STYLE.to_owned()),
            ("search.js".to_owned(), SEARCH_SCRIPT.to_owned()),
            ("search-index.js".to_owned(), self.search_index()),
            ("index.html".to_owned(), self.index_page()),
        ];
        for index in 0..self.site.pages.len() {
            let page = &self.site.pages[index];
            files.push((page.html_path.clone(), self.page(index)));
        }
        files
    }

    /// A link to `target` from page `from` (`None`: the index).
    fn href(&self, from: Option<usize>, target: &LinkTarget) -> String {
        let page = &self.site.pages[target.page].html_path;
        let path = match from {
            Some(from) if from == target.page => String::new(),
            Some(from) => relative_path(&self.site.pages[from].html_path, page),
            None => page.clone(),
        };
        format!("{}#{}", encode_path(&path), target.anchor)
    }

    fn head(&self, title: &str, root: &str) -> String {
        format!(
            "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
             <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
             <title>{title}</title>\n<link rel=\"stylesheet\" href=\"{root}style.css\">\n\
             <script src=\"{root}search-index.js\" defer></script>\n\
             <script src=\"{root}search.js\" defer></script>\n</head>\n\
             <body data-root=\"{root}\">\n<header>\n<a class=\"home\" href=\"{root}index.html\">{home}</a>\n\
             <div class=\"search\"><input id=\"search\" type=\"search\" placeholder=\"Search names\" \
             autocomplete=\"off\" aria-label=\"Search names\">\n<ul id=\"search-results\"></ul></div>\n\
             </header>\n<main>\n",
            title = escape(title),
            home = escape(&self.title),
        )
    }

    fn index_page(&mut self) -> String {
        let mut html = self.head(&self.title, "");
        let _ = writeln!(html, "<h1>{}</h1>", escape(&self.title));
        for (heading, prelude) in [("Files", false), ("Prelude", true)] {
            let pages: Vec<usize> = (0..self.site.pages.len())
                .filter(|&i| self.site.pages[i].prelude == prelude)
                .collect();
            if pages.is_empty() {
                continue;
            }
            let _ = writeln!(html, "<h2>{heading}</h2>\n<dl class=\"files\">");
            for index in pages {
                let page = &self.site.pages[index];
                let _ = writeln!(
                    html,
                    "<dt><a href=\"{}\">{}</a></dt>",
                    escape(&encode_path(&page.html_path)),
                    escape(&page.source_name)
                );
                if let Some(summary) = page.abstract_doc.as_deref().map(first_paragraph) {
                    let text = self.markdown(summary, index, None, "");
                    let _ = writeln!(html, "<dd>{text}</dd>");
                }
            }
            html.push_str("</dl>\n");
        }
        html.push_str("</main>\n</body>\n</html>\n");
        html
    }

    fn page(&mut self, index: usize) -> String {
        let page: &Page = &self.site.pages[index];
        let root = root_prefix(&page.html_path);
        let mut html = self.head(&page.source_name, &root);
        let _ = writeln!(html, "<h1>{}</h1>", escape(&page.source_name));
        if let Some(text) = &page.abstract_doc {
            let rendered = self.markdown(text, index, Some(index), "");
            let _ = writeln!(html, "<div class=\"abstract\">{rendered}</div>");
        }
        if !page.decls.is_empty() {
            html.push_str("<nav class=\"synopsis\">\n<h2>Synopsis</h2>\n<ul>\n");
            walk_decls(&page.decls, &mut |decl| {
                if let Some(anchor) = &decl.anchor {
                    let _ = writeln!(
                        html,
                        "<li class=\"{}\"><a href=\"#{anchor}\">{}</a></li>",
                        decl.kind.label(),
                        escape(&decl.name),
                    );
                }
            });
            html.push_str("</ul>\n</nav>\n<h2>Declarations</h2>\n");
        }
        for decl in &page.decls {
            self.decl(&mut html, index, decl);
        }
        html.push_str("</main>\n</body>\n</html>\n");
        html
    }

    fn decl(&mut self, html: &mut String, page: usize, decl: &Decl) {
        match &decl.anchor {
            Some(anchor) => {
                let _ = writeln!(
                    html,
                    "<section class=\"decl {}\" id=\"{anchor}\">",
                    decl.kind.label()
                );
            }
            None => {
                let _ = writeln!(html, "<section class=\"decl {}\">", decl.kind.label());
            }
        }
        let mut signature = self.signature(page, decl);
        if let Some(inferred) = self.inferred_type(page, decl) {
            let _ = write!(
                signature,
                "\n<span class=\"inferred\">{}</span>",
                escape(&inferred)
            );
        }
        let _ = writeln!(html, "<pre class=\"signature\">{signature}</pre>");
        if let Some(doc) = &decl.doc {
            let rendered = self.markdown(doc, page, Some(page), scope_of(&decl.name));
            let _ = writeln!(html, "<div class=\"doc\">{rendered}</div>");
        }
        if !decl.children.is_empty() {
            html.push_str("<div class=\"members\">\n");
            for child in &decl.children {
                self.decl(html, page, child);
            }
            html.push_str("</div>\n");
        }
        html.push_str("</section>\n");
    }

    /// The page of the file that a reference on page `from` names as
    /// `FILE` in `@"FILE"`: relative to its file, or to the documented
    /// directory if absolute, without `.fut`.
    fn page_named(&self, from: usize, file: &str) -> Option<usize> {
        let source = &self.site.pages[from].source_name;
        let joined = match file.strip_prefix('/') {
            Some(absolute) => absolute.to_owned(),
            None => match source.rfind('/') {
                Some(slash) => format!("{}/{file}", &source[..slash]),
                None => file.to_owned(),
            },
        };
        let mut parts: Vec<&str> = Vec::new();
        for part in joined.split('/') {
            match part {
                "." | "" => {}
                ".." => {
                    parts.pop();
                }
                part => parts.push(part),
            }
        }
        let name = format!("{}.fut", parts.join("/"));
        self.site.pages.iter().position(|p| p.source_name == name)
    }

    /// The type a definition without a written result type has, as a
    /// specification would give it.
    fn inferred_type(&self, page: usize, decl: &Decl) -> Option<String> {
        let def = syntax::ast::ValueDef::cast(decl.node.clone())?;
        if def.ret_type().is_some() {
            return None;
        }
        let file = self.site.pages[page].file;
        let name = decl.name_range?.start();
        hir::ide::definition_signature_at(self.db, self.file_set, file, name).map(|(_, text)| text)
    }

    /// The declaration's signature as written, whitespace collapsed, with
    /// every name that refers to a documented declaration linked to it
    /// (found with the language server's go-to-definition).
    fn signature(&self, page: usize, decl: &Decl) -> String {
        let file = self.site.pages[page].file;
        let mut html = String::new();
        let mut space = false;
        let tokens = decl
            .node
            .descendants_with_tokens()
            .filter_map(NodeOrToken::into_token)
            .filter(|t| decl.signature.contains_range(t.text_range()));
        for token in tokens {
            if token.kind().is_trivia() {
                space = !html.is_empty();
                continue;
            }
            if space {
                html.push(' ');
                space = false;
            }
            let text = escape(token.text());
            let parent = token.parent();
            let is_name = matches!(token.kind(), SyntaxKind::IDENT | SyntaxKind::OPERATOR);
            let in_path = parent
                .as_ref()
                .is_some_and(|p| p.kind() == SyntaxKind::PATH);
            let declared = parent.is_some_and(|p| decl.name_range == Some(p.text_range()));
            if is_name && in_path {
                let target = hir::ide::definition_at(
                    self.db,
                    self.file_set,
                    file,
                    token.text_range().start(),
                )
                .and_then(|target| self.site.link_for(&target, decl.node.text_range()));
                match target {
                    Some(target) => {
                        let _ = write!(
                            html,
                            "<a href=\"{}\">{text}</a>",
                            self.href(Some(page), &target)
                        );
                    }
                    None => html.push_str(&text),
                }
            } else if is_name && declared {
                let _ = write!(html, "<span class=\"name\">{text}</span>");
            } else if token.kind().is_keyword() {
                let _ = write!(html, "<span class=\"kw\">{text}</span>");
            } else {
                html.push_str(&text);
            }
        }
        html
    }

    /// Markdown of page `page` rendered as HTML for the page `shown_on`
    /// (`None`: the index), with upstream's `` `name`@namespace ``
    /// references linked to the declarations they name, looked up first
    /// in `scope` (`queue.` for the specifications of `queue`).
    fn markdown(
        &mut self,
        text: &str,
        page: usize,
        shown_on: Option<usize>,
        scope: &str,
    ) -> String {
        let options = Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH;
        let mut events: Vec<Event> = Vec::new();
        let mut pending_code: Option<CowStr> = None;
        for event in Parser::new_ext(text, options) {
            if let Some(code) = pending_code.take() {
                if let Event::Text(after) = &event
                    && let Some((namespace, file, rest)) = reference_suffix(after)
                {
                    let in_page = file.and_then(|file| self.page_named(page, file));
                    match self.site.link_for_reference(
                        namespace,
                        &code,
                        in_page.unwrap_or(page),
                        scope,
                    ) {
                        Some(target) => {
                            events.push(Event::Start(Tag::Link {
                                link_type: pulldown_cmark::LinkType::Inline,
                                dest_url: self.href(shown_on, &target).into(),
                                title: "".into(),
                                id: "".into(),
                            }));
                            events.push(Event::Code(code));
                            events.push(Event::End(TagEnd::Link));
                        }
                        None => {
                            // Reported once, from the file's own page.
                            if shown_on.is_some() {
                                self.unresolved
                                    .push((page, format!("`{code}`@{namespace}")));
                            }
                            events.push(Event::Code(code));
                        }
                    }
                    events.push(Event::Text(rest.to_owned().into()));
                    continue;
                }
                events.push(Event::Code(code));
            }
            match event {
                Event::Code(code) => pending_code = Some(code),
                other => events.push(other),
            }
        }
        events.extend(pending_code.map(Event::Code));
        let mut html = String::new();
        pulldown_cmark::html::push_html(&mut html, events.into_iter());
        html
    }

    /// `search-index.js`: every named declaration with its page.
    fn search_index(&self) -> String {
        let mut entries = Vec::new();
        for page in &self.site.pages {
            walk_decls(&page.decls, &mut |decl| {
                if let Some(anchor) = &decl.anchor {
                    entries.push(serde_json::json!({
                        "name": decl.name,
                        "kind": decl.kind.label(),
                        "file": page.source_name,
                        "url": format!("{}#{anchor}", encode_path(&page.html_path)),
                    }));
                }
            });
        }
        format!(
            "window.futharkDocIndex = {};\n",
            serde_json::Value::Array(entries)
        )
    }
}

/// The qualifier of the modules and module types a declaration named
/// `name` is in: `queue.` for `queue.push`.
fn scope_of(name: &str) -> &str {
    name.rfind('.').map_or("", |dot| &name[..=dot])
}

/// The namespace of a reference whose code span is followed by `text`
/// (`@term`, `@type` or `@mtype`), the file it names if it goes on with
/// `@"FILE"`, and the text after it.
fn reference_suffix(text: &str) -> Option<(&'static str, Option<&str>, &str)> {
    let rest = text.strip_prefix('@')?;
    let (namespace, after) = ["mtype", "term", "type"]
        .into_iter()
        .find_map(|namespace| {
            let after = rest.strip_prefix(namespace)?;
            let ends = !after
                .chars()
                .next()
                .is_some_and(|c| c.is_alphanumeric() || c == '_');
            ends.then_some((namespace, after))
        })?;
    let file = after
        .strip_prefix("@\"")
        .and_then(|quoted| quoted.split_once('"'));
    Some(match file {
        Some((file, after)) => (namespace, Some(file), after),
        None => (namespace, None, after),
    })
}

/// The path that leads from the page at `from` to the page at `to`, both
/// relative to the output directory.
fn relative_path(from: &str, to: &str) -> String {
    let from_dirs: Vec<&str> = from.split('/').collect();
    let from_dirs = &from_dirs[..from_dirs.len() - 1];
    let to_parts: Vec<&str> = to.split('/').collect();
    let common = from_dirs
        .iter()
        .zip(&to_parts[..to_parts.len() - 1])
        .take_while(|(a, b)| a == b)
        .count();
    let mut path = "../".repeat(from_dirs.len() - common);
    path.push_str(&to_parts[common..].join("/"));
    path
}

/// The text up to the first blank line.
fn first_paragraph(text: &str) -> &str {
    text.split("\n\n").next().unwrap_or(text).trim()
}
