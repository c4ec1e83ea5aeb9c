-- Defining an operator in prefix form.
-- ==
def (<+>) (x: f32) (y: f32) = (x + y) / 2
def r = 1 <+> 3
def s = (<+>) 2 4
