/* An unknown type name where a declaration is expected is reported
   naming the type, and nothing else is reported for that line. */
int main(void) {
	widget w;     /* ERROR "unknown type name 'widget'" */
	int x = 1;
	return x;
}
