-- Within a loop body, the branches of an if differ in element type.
-- ==
-- error: Branches of if-expression differ in type
def f (n: i32) =
  loop acc = 0i32 for i < n do
    if i % 2 == 0 then acc + i else [acc]
