-- Type abbreviations with type parameters.
type pair 'a 'b = (a, b)
type same 't = pair t t
type boxed '~t = {inner: t}
type^ fn_box '^f = {call: f}
def origin : same f32 = (0, 0)
