-- A polymorphic function over a record with a type parameter.
-- ==
type boxed 'a = {value: a, ok: bool}
def get_or 'a (d: a) (b: boxed a) : a = if b.ok then b.value else d
def r = get_or 0i32 {value = 7, ok = true}
