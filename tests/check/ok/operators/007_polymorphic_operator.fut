-- A polymorphic user-defined operator.
-- ==
def (<|>) 't (x: t) (y: t) : [2]t = [x, y]
def a = 1i32 <|> 2
def b = true <|> false
