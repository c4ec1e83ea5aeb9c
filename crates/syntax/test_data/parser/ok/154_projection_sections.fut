-- Field projection sections.
def xs_of (ps: []{x: f32, y: f32}) = map (.x) ps
def firsts (ps: [](i32, i32)) = map (.0) ps
def seconds (ps: [](i32, i32)) = map (.1) ps
def deep (rs: []{a: {b: bool}}) = map (.a.b) rs
def deep_tuple (rs: []{inner: (i32, i32)}) = map (.inner.1) rs
