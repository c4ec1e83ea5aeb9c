-- Anonymous sizes passed to type abbreviations.
type vec [n] 't = [n]t
type mat [r] [c] = [r][c]f32
def norm (v: vec [] f32) = f32.sqrt (f32.sum (map (** 2) v))
def trace_of (m: mat [] []) = m[0, 0]
def sized_then_anon [n] (m: mat [n] []) = n
