-- Field projection sections.
-- ==
def xs [n] (ps: [n]{x: i32, y: i32}) = map (.x) ps
def nested [n] (ps: [n]{a: {b: bool}}) = map (.a.b) ps
def seconds [n] (ts: [n](i8, i16)) = map (.1) ts
