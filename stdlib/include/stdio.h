/* stdio.h: input/output (C99 7.19). FILE is opaque; stdin, stdout and
   stderr are calls rather than variables because the streams belong to
   the Go side, shared by all UPC threads of the process. */
#ifndef _STDIO_H
#define _STDIO_H

#ifndef NULL
#define NULL ((void *)0)
#endif

#ifndef __upcgo_size_t
#define __upcgo_size_t
typedef unsigned long size_t;
#endif

/* POSIX's signed size_t, which glibc's stdio.h also defines. */
#ifndef __upcgo_ssize_t
#define __upcgo_ssize_t
typedef long ssize_t;
#endif

typedef struct _IO_FILE FILE;

#define EOF (-1)
#define BUFSIZ 8192
#define FILENAME_MAX 4096
#define FOPEN_MAX 16

#define SEEK_SET 0
#define SEEK_CUR 1
#define SEEK_END 2

#define _IOFBF 0
#define _IOLBF 1
#define _IONBF 2

FILE *__stdin(void);
FILE *__stdout(void);
FILE *__stderr(void);
#define stdin (__stdin())
#define stdout (__stdout())
#define stderr (__stderr())

FILE *fopen(const char *restrict path, const char *restrict mode);
int fclose(FILE *stream);
int fflush(FILE *stream);
void setbuf(FILE *restrict stream, char *restrict buf);
int setvbuf(FILE *restrict stream, char *restrict buf, int mode, size_t size);
int remove(const char *path);
int rename(const char *oldpath, const char *newpath);

int printf(const char *restrict format, ...);
int fprintf(FILE *restrict stream, const char *restrict format, ...);
int sprintf(char *restrict s, const char *restrict format, ...);
int snprintf(char *restrict s, size_t n, const char *restrict format, ...);
int vprintf(const char *restrict format, __builtin_va_list ap);
int vfprintf(FILE *restrict stream, const char *restrict format, __builtin_va_list ap);
int vsprintf(char *restrict s, const char *restrict format, __builtin_va_list ap);
int vsnprintf(char *restrict s, size_t n, const char *restrict format, __builtin_va_list ap);
int vscanf(const char *restrict format, __builtin_va_list ap);
int vfscanf(FILE *restrict stream, const char *restrict format, __builtin_va_list ap);
int vsscanf(const char *restrict s, const char *restrict format, __builtin_va_list ap);
int scanf(const char *restrict format, ...);
int fscanf(FILE *restrict stream, const char *restrict format, ...);
int sscanf(const char *restrict s, const char *restrict format, ...);

int fgetc(FILE *stream);
int getc(FILE *stream);
int getchar(void);
int ungetc(int c, FILE *stream);
char *fgets(char *restrict s, int n, FILE *restrict stream);
int fputc(int c, FILE *stream);
int putc(int c, FILE *stream);
int putchar(int c);
int fputs(const char *restrict s, FILE *restrict stream);
int puts(const char *s);
size_t fread(void *restrict ptr, size_t size, size_t nmemb, FILE *restrict stream);
size_t fwrite(const void *restrict ptr, size_t size, size_t nmemb, FILE *restrict stream);

int fseek(FILE *stream, long offset, int whence);
long ftell(FILE *stream);
void rewind(FILE *stream);

void clearerr(FILE *stream);
int feof(FILE *stream);
int ferror(FILE *stream);
void perror(const char *s);

#endif /* _STDIO_H */
