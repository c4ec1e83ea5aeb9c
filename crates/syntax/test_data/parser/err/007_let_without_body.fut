-- 'let' without 'in' or a following let at the end of a function body
def compute (x: i32) =
  let y = x + 1

def after = 7
