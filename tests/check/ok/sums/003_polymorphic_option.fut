-- A polymorphic option type instantiated at two types.
-- ==
type option 'a = #some a | #none
def a : option i32 = #some 1
def b : option bool = #none
def get_or (d: i32) (o: option i32) = match o case #some x -> x case #none -> d
