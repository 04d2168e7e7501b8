// gcc: yes
// threads: 1 2
/* Files: thread 0 writes a text file with fprintf/fputs/fputc, reads it
   back with fgets and fscanf, appends, seeks with fseek/ftell/rewind,
   writes and reads binary records with fwrite/fread, checks feof and the
   return values, and removes the file; fopen of a missing file returns
   NULL. */
#include <stdio.h>
#include <string.h>

struct rec {
	int id;
	double val;
};

int main(void) {
	const char *name = "file_io.tmp";
	if (MYTHREAD != 0)
		return 0;
	FILE *f = fopen(name, "w");
	if (!f) {
		printf("cannot create\n");
		return 1;
	}
	fprintf(f, "%d %s\n", 17, "seventeen");
	fputs("second line\n", f);
	fputc('Z', f);
	fclose(f);

	f = fopen(name, "r");
	int num;
	char word[32], line[64];
	printf("fscanf=%d ", fscanf(f, "%d %31s", &num, word));
	printf("%d %s\n", num, word);
	fgets(line, sizeof line, f); /* rest of line 1: just "\n" */
	fgets(line, sizeof line, f);
	printf("line2=%s", line);
	printf("getc=%c ", fgetc(f));
	printf("eof=%d\n", fgetc(f) == EOF && feof(f));
	printf("size=%ld\n", ftell(f));
	rewind(f);
	printf("first=%c\n", fgetc(f));
	fseek(f, -1, SEEK_END);
	printf("last=%c\n", fgetc(f));
	fclose(f);

	f = fopen(name, "a");
	fputs("\nappended\n", f);
	fclose(f);
	f = fopen(name, "r");
	int lines = 0;
	while (fgets(line, sizeof line, f))
		lines++;
	printf("lines=%d last=%s", lines, line);
	fclose(f);

	struct rec out[3] = {{1, 1.5}, {2, 2.5}, {3, 3.5}}, in[3];
	f = fopen(name, "wb");
	printf("wrote %zu\n", fwrite(out, sizeof out[0], 3, f));
	fclose(f);
	f = fopen(name, "rb");
	fseek(f, sizeof(struct rec), SEEK_SET);
	size_t got = fread(in, sizeof in[0], 3, f);
	printf("read %zu: %d %.1f %d %.1f\n", got, in[0].id, in[0].val, in[1].id, in[1].val);
	fclose(f);
	printf("remove=%d\n", remove(name));
	printf("missing=%d\n", fopen(name, "r") == NULL);
	return 0;
}
