-- lambda without '->' before its body
def incs (xs: []i32) = map (\x x + 1) xs

def after = 12
