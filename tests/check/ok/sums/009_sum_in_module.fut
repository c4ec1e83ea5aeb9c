-- A sum type defined inside a module and used outside.
-- ==
module res = {
  type t = #ok i32 | #err
  def ok (x: i32) : t = #ok x
}
def r : res.t = res.ok 3
def f (x: res.t) = match x case #ok v -> v case #err -> -1
