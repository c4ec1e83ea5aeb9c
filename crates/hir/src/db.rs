//! The salsa database: the trait every query takes, and the concrete
//! database used by `futc` and `futls`.

use std::sync::{Arc, Mutex};

/// The database of the semantic layer. Queries take `&dyn Db`.
#[salsa::db]
pub trait Db: salsa::Database {}

/// The concrete database. Cloning it gives a snapshot that shares the
/// memoized results and can run queries on another thread.
#[salsa::db]
#[derive(Clone, Default)]
pub struct RootDatabase {
    storage: salsa::Storage<Self>,
    executed: Option<Arc<Mutex<Vec<String>>>>,
}

impl RootDatabase {
    /// A database that records the name of every query it executes (not
    /// those it reuses), for tests of incrementality.
    pub fn with_execution_log() -> Self {
        let log = Arc::new(Mutex::new(Vec::new()));
        let storage = salsa::Storage::new(Some(Box::new({
            let log = log.clone();
            move |event: salsa::Event| {
                if let salsa::EventKind::WillExecute { database_key } = event.kind {
                    let name = format!("{database_key:?}");
                    log.lock().expect("log lock").push(name);
                }
            }
        })));
        RootDatabase {
            storage,
            executed: Some(log),
        }
    }

    /// The queries executed since the last call (with the execution log).
    pub fn take_executed(&self) -> Vec<String> {
        match &self.executed {
            Some(log) => std::mem::take(&mut *log.lock().expect("log lock")),
            None => Vec::new(),
        }
    }
}

#[salsa::db]
impl salsa::Database for RootDatabase {}

#[salsa::db]
impl Db for RootDatabase {}
