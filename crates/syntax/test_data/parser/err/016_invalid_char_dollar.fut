-- invalid character '$' inside a name position
def price$ = 10

def after = 16
